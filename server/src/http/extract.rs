//! Extractors shared by handlers: JSON bodies, path and query parameters whose rejections are the
//! API's JSON 400 in pt_BR (axum's own answers are plain text).

use axum::{
    extract::{
        FromRequest, FromRequestParts, OptionalFromRequest, Path, Query, RawPathParams, Request,
        path::ErrorKind,
        rejection::{JsonRejection, PathRejection, QueryRejection},
    },
    http::{StatusCode, header::CONTENT_TYPE, request::Parts},
};
use serde::de::DeserializeOwned;

use crate::{edge, error::AppError};

/// `axum::Json` whose rejections are the API's JSON errors in pt_BR (400), never plain text. Text
/// with the NUL character (`\u0000`) is refused as well: PostgreSQL cannot store it (such a field
/// answered 500 there) and no field of the API has a use for it.
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !edge::is_json(request.headers()) {
            return Err(AppError::UnsupportedMediaType);
        }
        read_json(request, state).await.map(Self)
    }
}

/// `Option<ApiJson<T>>`: `None` without a `Content-Type`; a body that is not the JSON expected is
/// refused as [`ApiJson`] refuses it.
impl<T, S> OptionalFromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Option<Self>, Self::Rejection> {
        if request.headers().get(CONTENT_TYPE).is_none() {
            return Ok(None);
        }
        <Self as FromRequest<S>>::from_request(request, state).await.map(Some)
    }
}

const NUL_IN_TEXT: &str = "O texto enviado contém o caractere nulo (\\u0000), que não é aceito.";

async fn read_json<T: DeserializeOwned, S: Send + Sync>(request: Request, state: &S) -> Result<T, AppError> {
    let bytes = edge::read_body(request, state).await?;
    if has_nul_escape(&bytes) {
        return Err(AppError::BadRequest(NUL_IN_TEXT.into()));
    }
    match axum::Json::<T>::from_bytes(&bytes) {
        Ok(axum::Json(value)) => Ok(value),
        Err(rejection) => Err(json_rejection(&rejection)),
    }
}

/// Whether a JSON text holds a string with NUL: JSON can only write it as the escape `\u0000`
/// (a raw NUL byte is not JSON at all, and fails parsing).
fn has_nul_escape(json: &[u8]) -> bool {
    let mut i = 0;
    while i < json.len() {
        if json[i] == b'\\' {
            if json.get(i + 1..i + 6) == Some(b"u0000") {
                return true;
            }
            i += 2; // Skips the escaped character, so `\\u0000` (a backslash, then text) is fine.
        } else {
            i += 1;
        }
    }
    false
}

fn json_rejection(rejection: &JsonRejection) -> AppError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::PayloadTooLarge
    } else {
        AppError::BadRequest(json_problem(rejection))
    }
}

fn json_problem(rejection: &JsonRejection) -> String {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => crate::error::messages::NOT_JSON.into(),
        JsonRejection::JsonSyntaxError(_) => "O corpo da requisição não é um JSON válido.".into(),
        JsonRejection::JsonDataError(err) => {
            format!(
                "Campos inválidos no corpo da requisição: {}",
                err.body_text().trim_start_matches("Failed to deserialize the JSON body into the target type: ")
            )
        }
        JsonRejection::BytesRejection(_) => "Não foi possível ler o corpo da requisição.".into(),
        _ => "Corpo da requisição inválido.".into(),
    }
}

/// `axum::extract::Path` whose rejections are the API's JSON 400 in pt_BR (`/users/abc`,
/// `/users/99999999999`).
pub struct ApiPath<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiPath<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<T>::from_request_parts(parts, state).await {
            Ok(Path(value)) => Ok(Self(value)),
            Err(rejection) => {
                // A single value (`Path<i32>`) is refused without its name: the route's only one.
                let names: Vec<String> = match RawPathParams::from_request_parts(parts, state).await {
                    Ok(params) => params.iter().map(|(name, _)| name.to_owned()).collect(),
                    Err(_) => Vec::new(),
                };
                Err(AppError::BadRequest(path_problem(&rejection, names.first().filter(|_| names.len() == 1))))
            }
        }
    }
}

fn path_problem(rejection: &PathRejection, only: Option<&String>) -> String {
    let PathRejection::FailedToDeserializePathParams(failed) = rejection else {
        return "Parâmetros inválidos na URL.".into();
    };
    let what = |expected: &str| {
        if expected.starts_with(['i', 'u']) && expected[1..].chars().all(|c| c.is_ascii_digit()) {
            "um número inteiro válido"
        } else {
            "um valor válido"
        }
    };
    match failed.kind() {
        ErrorKind::ParseErrorAtKey { key, expected_type, .. } => {
            format!("O parâmetro {key} da URL deve ser {}.", what(expected_type))
        }
        ErrorKind::ParseError { expected_type, .. } | ErrorKind::ParseErrorAtIndex { expected_type, .. } => {
            match only {
                Some(key) => format!("O parâmetro {key} da URL deve ser {}.", what(expected_type)),
                None => format!("O parâmetro da URL deve ser {}.", what(expected_type)),
            }
        }
        ErrorKind::InvalidUtf8InPathParam { key } => format!("O parâmetro {key} da URL não é texto UTF-8 válido."),
        _ => "Parâmetros inválidos na URL.".into(),
    }
}

/// `axum::extract::Query` whose rejections are the API's JSON 400 in pt_BR. A parameter with the
/// NUL character (`%00`) is refused, as in [`ApiJson`].
pub struct ApiQuery<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        if url::form_urlencoded::parse(query.as_bytes()).any(|(k, v)| k.contains('\0') || v.contains('\0')) {
            return Err(AppError::BadRequest(NUL_IN_TEXT.into()));
        }
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(value)) => Ok(Self(value)),
            Err(rejection) => Err(AppError::BadRequest(query_problem(&rejection))),
        }
    }
}

fn query_problem(rejection: &QueryRejection) -> String {
    let QueryRejection::FailedToDeserializeQueryString(err) = rejection else {
        return "Parâmetros da URL inválidos.".into();
    };
    let detail = err.body_text();
    let detail = detail.trim_start_matches("Failed to deserialize query string: ");
    let field = |prefix: &str| detail.strip_prefix(prefix).map(|rest| rest.trim_matches('`').to_owned());
    if let Some(name) = field("missing field ") {
        format!("Informe o parâmetro {name}.")
    } else if let Some(name) = field("duplicate field ") {
        format!("O parâmetro {name} foi enviado mais de uma vez.")
    } else if detail.contains("digit") || detail.contains("integer") || detail.contains("number") {
        "Parâmetros da URL inválidos: um parâmetro numérico não é um número válido.".into()
    } else {
        format!("Parâmetros da URL inválidos: {detail}")
    }
}

/// Deserializes a field that may be absent (`None`), `null` (`Some(None)`) or a value: a change
/// that keeps, removes or sets.
pub(crate) fn nullable<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    <Option<T> as serde::Deserialize>::deserialize(d).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nul_is_found_only_where_json_writes_it() {
        assert!(has_nul_escape(br#"{"name":"a\u0000b"}"#));
        assert!(!has_nul_escape(br#"{"name":"a\\u0000b"}"#), "an escaped backslash, then text");
        assert!(has_nul_escape(br#"{"name":"a\\\u0000"}"#));
        assert!(!has_nul_escape(br#"{"name":"\u00e7\u0001"}"#));
    }
}
