//! Extractors shared by handlers: JSON bodies with pt_BR errors, and the client's address.

use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, FromRef, FromRequest, FromRequestParts, Request, rejection::JsonRejection},
    http::request::Parts,
};
use serde::de::DeserializeOwned;

use crate::{error::AppError, state::AppState};

/// `axum::Json` whose rejections are the API's JSON errors in pt_BR (400), never plain text.
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(request, state).await {
            Ok(axum::Json(value)) => Ok(Self(value)),
            Err(rejection) if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => {
                Err(AppError::PayloadTooLarge)
            }
            Err(rejection) => Err(AppError::BadRequest(json_problem(&rejection))),
        }
    }
}

fn json_problem(rejection: &JsonRejection) -> String {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => {
            "Envie o corpo como JSON (Content-Type: application/json).".into()
        }
        JsonRejection::JsonSyntaxError(_) => "O corpo da requisição não é um JSON válido.".into(),
        JsonRejection::JsonDataError(err) => {
            format!("Campos inválidos no corpo da requisição: {}", err.body_text().trim_start_matches("Failed to deserialize the JSON body into the target type: "))
        }
        JsonRejection::BytesRejection(_) => "Não foi possível ler o corpo da requisição.".into(),
        _ => "Corpo da requisição inválido.".into(),
    }
}

/// The address of the client: the peer, or — when the peer is a trusted proxy — the last address
/// in `X-Forwarded-For` that is not a trusted proxy. A client cannot choose its address by
/// sending the header directly.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub IpAddr);

impl<S> FromRequestParts<S> for ClientAddr
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip())
            .unwrap_or(IpAddr::from([127, 0, 0, 1]));
        Ok(Self(client_ip(peer, &parts.headers, &state.config.trusted_proxies.0)))
    }
}

/// See [`ClientAddr`].
pub fn client_ip(peer: IpAddr, headers: &axum::http::HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let forwarded: Vec<IpAddr> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|part| part.trim().parse().ok())
        .collect();
    forwarded.into_iter().rev().find(|ip| !trusted.contains(ip)).unwrap_or(peer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{HeaderMap, HeaderValue};

    #[test]
    fn forwarded_for_counts_only_behind_a_trusted_proxy() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", HeaderValue::from_static("1.2.3.4, 203.0.113.9"));
        assert_eq!(client_ip(proxy, &headers, &[proxy]), "203.0.113.9".parse::<IpAddr>().unwrap());
        let stranger: IpAddr = "198.51.100.7".parse().unwrap();
        assert_eq!(client_ip(stranger, &headers, &[proxy]), stranger);
    }
}
