//! Media over REST (docs/media.md): an agent uploads a file for a ticket (streamed to a temporary
//! file, never whole in memory), reacts to a message, reads the channel's limits; anyone holding a
//! link issued with a message's view downloads its medium — by range, with the headers private,
//! untrusted files need.

use axum::{
    Json,
    body::Body,
    extract::{DefaultBodyLimit, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use chrono::Utc;
use futures::StreamExt;
use sea_orm::EntityTrait;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::{
        conversations::{content, tickets, views::MessageView},
        inbox,
        media::{
            MAX_BYTES, MediaType,
            ingest::{self, Spool, SpoolError},
            kinds,
            limits::{self, Limits},
            links::{self, Variant},
            payload::Payload,
            store::{self, Object},
        },
    },
    entities::tenant::{medium, message},
    error::{AppError, AppResult},
    http::{
        access::{ApiRoutes, Documented},
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath, ApiQuery},
    },
    state::AppState,
};

const STAFF: Access = Access::Authenticated;

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(STAFF, files(routes!(upload)))
        .route(STAFF, files(routes!(note_upload)))
        .route(Access::Route("chatbot"), files(routes!(bot_upload)))
        .route(Access::Route("campaigns"), files(routes!(campaign_upload)))
        .route(STAFF, files(routes!(quick_reply_upload)))
        .route(STAFF, files(routes!(scheduled_upload)))
        .route(STAFF, routes!(react))
        .route(STAFF, routes!(channel_limits))
        // The link is the authentication: an `<img>` cannot send a bearer token.
        .route(Access::Public, routes!(download))
}

/// The handlers that take files (up to [`MAX_BYTES`]); they read their bodies as streams.
fn files((schemas, paths, handler): Documented) -> Documented {
    (schemas, paths, handler.layer(DefaultBodyLimit::max(MAX_BYTES as usize)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct UploadQuery {
    /// O nome do arquivo (como o cliente o verá).
    #[serde(default)]
    file_name: Option<String>,
    /// Uma gravação de voz (WebM/Opus ou Ogg/Opus): guardada como Ogg/Opus.
    #[serde(default)]
    voice: bool,
}

/// A file kept, waiting to be sent (with a message, a bot's answer or a campaign).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Uploaded {
    /// Pass as `mediaId` to `POST /api/tickets/{id}/messages`, or in an `attachment`.
    id: i32,
    #[serde(rename = "type")]
    media_type: MediaType,
    mime_type: String,
    file_name: String,
    size: i64,
    width: Option<i32>,
    height: Option<i32>,
    duration_ms: Option<i32>,
    voice: bool,
}

/// Uploads a file to send on the ticket.
#[utoipa::path(
    post, path = "/tickets/{id}/media", tag = "atendimentos", operation_id = "tickets_upload_media",
    summary = "Envia um arquivo para o atendimento",
    params(("id" = i32, Path, description = "Id do atendimento"), UploadQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "Os bytes do arquivo."),
    responses(
        (status = 201, description = "O arquivo, guardado: envie-o com `mediaId`.", body = Uploaded),
        (status = 403, description = "O atendimento é de outra pessoa (`not_ticket_owner`).", body = ErrorBody),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
        (status = 413, description = "Arquivo acima de 100 MB.", body = ErrorBody),
        (status = 422, description = "`media_too_large`, `media_type_not_allowed`, `media_invalid`, `media_quota`.", body = ErrorBody),
    )
)]
async fn upload(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(query): ApiQuery<UploadQuery>,
    headers: HeaderMap,
    body: Body,
) -> AppResult<(StatusCode, Json<Uploaded>)> {
    // Who may send here is checked before a byte is stored.
    check_ticket(&state, &tenant, &current, id, true).await?;
    receive(&state, &tenant, query, &headers, body).await
}

/// Whether `current` sees ticket `id` (and, with `owner`, owns it), before an upload for it.
async fn check_ticket(
    state: &AppState,
    tenant: &CurrentTenant,
    current: &CurrentUser,
    id: i32,
    owner: bool,
) -> AppResult<()> {
    let tx = tenant.read(state).await?;
    let ticket = tickets::find_visible(&tx, &current.viewer, id).await?;
    if owner {
        tickets::ensure_owner(&current.viewer, &ticket)?;
    }
    tx.end();
    Ok(())
}

/// Uploads a file for an internal note: anyone who sees the ticket may write one (docs/notes.md).
#[utoipa::path(
    post, path = "/tickets/{id}/notes/media", tag = "anotações", operation_id = "tickets_note_upload_media",
    summary = "Envia um arquivo para uma anotação interna",
    description = "Guarda o arquivo; informe-o em `mediaId` ao escrever a anotação. Só a equipe o vê.",
    params(("id" = i32, Path, description = "Id do atendimento"), UploadQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "Os bytes do arquivo."),
    responses(
        (status = 201, description = "O arquivo, guardado.", body = Uploaded),
        (status = 404, description = "Atendimento não encontrado (`ticket_not_found`).", body = ErrorBody),
        (status = 413, description = "Arquivo acima de 100 MB.", body = ErrorBody),
        (status = 422, description = "`media_too_large`, `media_type_not_allowed`, `media_invalid`, `media_quota`.", body = ErrorBody),
    )
)]
async fn note_upload(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(query): ApiQuery<UploadQuery>,
    headers: HeaderMap,
    body: Body,
) -> AppResult<(StatusCode, Json<Uploaded>)> {
    check_ticket(&state, &tenant, &current, id, false).await?;
    receive(&state, &tenant, UploadQuery { voice: false, ..query }, &headers, body).await
}

/// Uploads a file for the bot's answers.
#[utoipa::path(
    post, path = "/bot/media", tag = "chatbot", operation_id = "bot_upload_media",
    summary = "Envia um arquivo para uma resposta do bot",
    description = "Guarda o arquivo; informe-o em `options[].attachment` (`mediaId`, `fileName`) ao salvar a \
        configuração. Um arquivo que nenhuma configuração use é apagado depois de um dia.",
    params(UploadQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "Os bytes do arquivo."),
    responses(
        (status = 201, description = "O arquivo, guardado.", body = Uploaded),
        (status = 413, description = "Arquivo acima de 100 MB.", body = ErrorBody),
        (status = 422, description = "`media_too_large`, `media_type_not_allowed`, `media_invalid`, `media_quota`.", body = ErrorBody),
    )
)]
async fn bot_upload(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiQuery(query): ApiQuery<UploadQuery>,
    headers: HeaderMap,
    body: Body,
) -> AppResult<(StatusCode, Json<Uploaded>)> {
    receive(&state, &tenant, UploadQuery { voice: false, ..query }, &headers, body).await
}

/// Uploads a file for a campaign.
#[utoipa::path(
    post, path = "/campaigns/media", tag = "campanhas", operation_id = "campaigns_upload_media",
    summary = "Envia o arquivo de uma campanha",
    description = "Guarda o arquivo; informe-o em `attachment` (`mediaId`, `fileName`) ao criar a campanha. \
        Um arquivo que nenhuma campanha use é apagado depois de um dia.",
    params(UploadQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "Os bytes do arquivo."),
    responses(
        (status = 201, description = "O arquivo, guardado.", body = Uploaded),
        (status = 413, description = "Arquivo acima de 100 MB.", body = ErrorBody),
        (status = 422, description = "`media_too_large`, `media_type_not_allowed`, `media_invalid`, `media_quota`.", body = ErrorBody),
    )
)]
async fn campaign_upload(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiQuery(query): ApiQuery<UploadQuery>,
    headers: HeaderMap,
    body: Body,
) -> AppResult<(StatusCode, Json<Uploaded>)> {
    receive(&state, &tenant, UploadQuery { voice: false, ..query }, &headers, body).await
}

/// Uploads a file for a quick reply.
#[utoipa::path(
    post, path = "/quick-replies/media", tag = "respostas rápidas", operation_id = "quick_replies_upload_media",
    summary = "Envia o arquivo de uma resposta rápida",
    description = "Guarda o arquivo; informe-o em `attachment` (`mediaId`, `fileName`) ao salvar a resposta. \
        Um arquivo que nenhuma resposta use é apagado depois de um dia.",
    params(UploadQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "Os bytes do arquivo."),
    responses(
        (status = 201, description = "O arquivo, guardado.", body = Uploaded),
        (status = 413, description = "Arquivo acima de 100 MB.", body = ErrorBody),
        (status = 422, description = "`media_too_large`, `media_type_not_allowed`, `media_invalid`, `media_quota`.", body = ErrorBody),
    )
)]
async fn quick_reply_upload(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiQuery(query): ApiQuery<UploadQuery>,
    headers: HeaderMap,
    body: Body,
) -> AppResult<(StatusCode, Json<Uploaded>)> {
    receive(&state, &tenant, UploadQuery { voice: false, ..query }, &headers, body).await
}

/// Uploads a file for a scheduled message.
#[utoipa::path(
    post, path = "/scheduled-messages/media", tag = "agendamentos", operation_id = "scheduled_messages_upload_media",
    summary = "Envia o arquivo de uma mensagem agendada",
    description = "Guarda o arquivo; informe-o em `attachment` (`mediaId`, `fileName`) ao agendar. Um arquivo \
        que nenhum agendamento use é apagado depois de um dia.",
    params(UploadQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "Os bytes do arquivo."),
    responses(
        (status = 201, description = "O arquivo, guardado.", body = Uploaded),
        (status = 413, description = "Arquivo acima de 100 MB.", body = ErrorBody),
        (status = 422, description = "`media_too_large`, `media_type_not_allowed`, `media_invalid`, `media_quota`.", body = ErrorBody),
    )
)]
async fn scheduled_upload(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiQuery(query): ApiQuery<UploadQuery>,
    headers: HeaderMap,
    body: Body,
) -> AppResult<(StatusCode, Json<Uploaded>)> {
    receive(&state, &tenant, query, &headers, body).await
}

/// Receives an upload: refused early when its announced length cannot fit the tenant's quota,
/// spooled to a temporary file while hashed, kept once per content (known bytes are not probed or
/// stored again), checked against the channel's limits for its type.
async fn receive(
    state: &AppState,
    tenant: &CurrentTenant,
    query: UploadQuery,
    headers: &HeaderMap,
    body: Body,
) -> AppResult<(StatusCode, Json<Uploaded>)> {
    let quota = ingest::quota(tenant.record.media_limit_mb);
    let announced = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok());
    if let Some(announced) = announced {
        let tx = tenant.read(state).await?;
        ingest::ensure_room(&tx, quota, announced).await?;
        tx.end();
    }
    let mut spool = Spool::new(MAX_BYTES)?;
    let mut chunks = body.into_data_stream();
    while let Some(chunk) = chunks.next().await {
        let chunk = chunk.map_err(|err| match err.into_inner().downcast::<AppError>() {
            Ok(app) => *app,
            Err(_) => AppError::BadRequest("O envio do arquivo foi interrompido.".into()),
        })?;
        spool.write(&chunk).await.map_err(|err| match err {
            SpoolError::TooLarge(_) => AppError::PayloadTooLarge,
            SpoolError::Io(reason) => AppError::Internal(reason),
        })?;
    }
    let spooled = spool.finish().await.map_err(|err| AppError::Internal(err.to_string()))?;
    let known = {
        let tx = tenant.read(state).await?;
        let known = ingest::existing(&tx, &spooled.sha256).await?;
        tx.end();
        known
    };
    let (kept, media_type) = match known {
        Some(kept) => {
            let media_type = if query.voice { MediaType::Audio } else { kinds::type_of_upload(&kept.mime_type) };
            limits::whatsapp().check(media_type, &kept.mime_type, kept.size as u64)?;
            (kept, media_type)
        }
        None => {
            let prepared = ingest::prepare(spooled, query.voice).await?;
            let media_type = if query.voice { MediaType::Audio } else { kinds::type_of_upload(&prepared.mime) };
            limits::whatsapp().check(media_type, &prepared.mime, prepared.spooled.size)?;
            let unit = tenant.unit(state).await?;
            let kept = ingest::keep(&unit, &state.media, tenant.name.as_str(), prepared, quota).await?;
            unit.commit().await?;
            (kept, media_type)
        }
    };
    let file_name = query
        .file_name
        .as_deref()
        .map(content::safe_file_name)
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| format!("{}.{}", media_type.word().to_lowercase(), kinds::extension(&kept.mime_type)));
    let uploaded = Uploaded {
        id: kept.id,
        media_type,
        mime_type: kept.mime_type,
        file_name,
        size: kept.size,
        width: kept.width,
        height: kept.height,
        duration_ms: kept.duration_ms,
        voice: query.voice,
    };
    Ok((StatusCode::CREATED, Json(uploaded)))
}

#[derive(Debug, Deserialize, ToSchema)]
struct ReactionBody {
    /// Um emoji; `""` tira a reação.
    #[schema(example = "👍")]
    emoji: String,
}

/// The agent's reaction to a message of the conversation.
#[utoipa::path(
    put, path = "/tickets/{id}/messages/{message_id}/reaction", tag = "atendimentos", operation_id = "tickets_react",
    summary = "Reage a uma mensagem",
    params(("id" = i32, Path, description = "Id do atendimento"), ("message_id" = i32, Path, description = "Id da mensagem")),
    request_body = ReactionBody,
    responses(
        (status = 200, description = "A mensagem, com as reações.", body = MessageView),
        (status = 403, description = "O atendimento é de outra pessoa (`not_ticket_owner`).", body = ErrorBody),
        (status = 404, description = "Atendimento ou mensagem não encontrados.", body = ErrorBody),
        (status = 422, description = "Não é um emoji (`invalid_emoji`).", body = ErrorBody),
    )
)]
async fn react(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath((id, message_id)): ApiPath<(i32, i32)>,
    ApiJson(body): ApiJson<ReactionBody>,
) -> AppResult<Json<MessageView>> {
    let unit = tenant.unit(&state).await?;
    let view = inbox::changes::react_as_agent(&unit, &current.viewer, id, message_id, body.emoji.trim()).await?;
    unit.commit().await?;
    Ok(Json(view))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
struct LimitsQuery {
    /// A instância (todas falam o contrato do WhatsApp hoje).
    #[serde(default)]
    instance_id: Option<i32>,
}

/// What a channel accepts.
#[utoipa::path(
    get, path = "/media/limits", tag = "atendimentos", operation_id = "media_limits",
    summary = "Tipos e tamanhos de arquivo aceitos pela conexão",
    params(LimitsQuery),
    responses((status = 200, description = "A tabela da conexão.", body = Limits))
)]
async fn channel_limits(ApiQuery(_query): ApiQuery<LimitsQuery>) -> Json<Limits> {
    Json(limits::whatsapp())
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct DownloadQuery {
    /// `1`: como anexo, com o nome do arquivo.
    #[serde(default)]
    download: Option<String>,
}

/// A message's medium, through the link its view carries.
#[utoipa::path(
    get, path = "/media/{token}", tag = "atendimentos", operation_id = "media_download",
    summary = "Baixa a mídia de uma mensagem (link que expira)",
    params(("token" = String, Path, description = "O token do link"), DownloadQuery),
    responses(
        (status = 200, description = "Os bytes (304 sem corpo quando `If-None-Match` traz o mesmo `ETag`)."),
        (status = 206, description = "A faixa pedida em `Range`."),
        (status = 404, description = "Link expirado, alterado ou de outra empresa.", body = ErrorBody),
        (status = 416, description = "Faixa fora do arquivo (`range_not_satisfiable`).", body = ErrorBody),
    )
)]
async fn download(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(token): ApiPath<String>,
    ApiQuery(query): ApiQuery<DownloadQuery>,
    headers: HeaderMap,
) -> AppResult<Response> {
    let target = links::open(tenant.name.as_str(), &token, Utc::now()).ok_or(AppError::NotFound)?;
    let (found, kept) = {
        let tx = tenant.read(&state).await?;
        let found = message::Entity::find_by_id(target.message_id).one(&tx).await?.ok_or(AppError::NotFound)?;
        let media_id = found.media_id.filter(|_| found.revoked_at.is_none()).ok_or(AppError::NotFound)?;
        let kept = medium::Entity::find_by_id(media_id).one(&tx).await?.ok_or(AppError::NotFound)?;
        tx.end();
        (found, kept)
    };
    let tenant_name = tenant.name.as_str();
    let (key, mime, size, etag) = match target.variant {
        Variant::Original => (
            store::key(tenant_name, &kept.sha256, Object::Original),
            kept.mime_type.clone(),
            kept.size as u64,
            format!("\"{}\"", kept.sha256),
        ),
        Variant::Thumbnail if kept.has_thumbnail => {
            let key = store::key(tenant_name, &kept.sha256, Object::Thumbnail);
            let size = state.media.size(&key).await?.ok_or(AppError::NotFound)?;
            (key, "image/jpeg".to_owned(), size, format!("\"{}-t\"", kept.sha256))
        }
        Variant::Thumbnail => return Err(AppError::NotFound),
    };
    let mut answer = HeaderMap::new();
    let served = kinds::served_as(&mime).to_owned();
    let inline = query.download.is_none() && kinds::inline_safe(&served);
    let payload = Payload::read(found.payload.as_deref());
    let name = payload.file_name.unwrap_or_else(|| format!("arquivo.{}", kinds::extension(&mime)));
    let name = if target.variant == Variant::Thumbnail { format!("miniatura-{name}.jpg") } else { name };
    answer.insert(header::CONTENT_TYPE, header_value(&served));
    answer.insert(header::CONTENT_DISPOSITION, header_value(&disposition(inline, &name)));
    answer.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    answer.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=3600"));
    answer.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("sandbox; default-src 'none'"));
    answer.insert(header::ETAG, header_value(&etag));
    answer.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).is_some_and(|v| v.contains(&etag)) {
        return Ok((StatusCode::NOT_MODIFIED, answer).into_response());
    }
    let range = match headers.get(header::RANGE).and_then(|v| v.to_str().ok()) {
        None => None,
        Some(asked) => match byte_range(asked, size) {
            Ok(range) => range,
            Err(()) => {
                let mut refused = HeaderMap::new();
                refused.insert(header::CONTENT_RANGE, header_value(&format!("bytes */{size}")));
                let body = serde_json::json!({
                    "code": "range_not_satisfiable",
                    "message": "A faixa pedida está fora do arquivo.",
                    "errors": [],
                });
                return Ok((StatusCode::RANGE_NOT_SATISFIABLE, refused, Json(body)).into_response());
            }
        },
    };
    let (status, length, stream) = match range {
        Some((start, end)) => {
            answer.insert(header::CONTENT_RANGE, header_value(&format!("bytes {start}-{end}/{size}")));
            (StatusCode::PARTIAL_CONTENT, end - start + 1, state.media.read(&key, Some(start..end + 1)).await?)
        }
        None => (StatusCode::OK, size, state.media.read(&key, None).await?),
    };
    answer.insert(header::CONTENT_LENGTH, header_value(&length.to_string()));
    let body = Body::from_stream(stream.map(|chunk| chunk.map_err(std::io::Error::other)));
    Ok((status, answer, body).into_response())
}

fn header_value(text: &str) -> HeaderValue {
    HeaderValue::from_str(text).unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"))
}

/// `inline` or `attachment`, with the name as ASCII (`filename`) and as UTF-8 (`filename*`,
/// RFC 6266).
fn disposition(inline: bool, name: &str) -> String {
    let ascii: String =
        name.chars().map(|c| if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' { c } else { '_' }).collect();
    let encoded: String = name
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect();
    let kind = if inline { "inline" } else { "attachment" };
    format!("{kind}; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

/// The range `bytes=a-b`, `bytes=a-` or `bytes=-n` of a file of `size` bytes, as inclusive ends;
/// `Ok(None)` for a header this server does not take (several ranges: the whole file is served);
/// `Err` for a range outside the file (416).
fn byte_range(asked: &str, size: u64) -> Result<Option<(u64, u64)>, ()> {
    let Some(spec) = asked.trim().strip_prefix("bytes=") else { return Ok(None) };
    if spec.contains(',') {
        return Ok(None);
    }
    let Some((from, to)) = spec.split_once('-') else { return Ok(None) };
    let (from, to) = (from.trim(), to.trim());
    let range = match (from.parse::<u64>(), to.parse::<u64>()) {
        (Ok(start), Ok(end)) if start <= end => (start, end.min(size.saturating_sub(1))),
        (Ok(start), Err(_)) if to.is_empty() => (start, size.saturating_sub(1)),
        (Err(_), Ok(suffix)) if from.is_empty() && suffix > 0 => (size.saturating_sub(suffix), size.saturating_sub(1)),
        _ => return Ok(None),
    };
    if size == 0 || range.0 >= size { Err(()) } else { Ok(Some(range)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_a_player_asks_for() {
        assert_eq!(byte_range("bytes=0-99", 1000), Ok(Some((0, 99))));
        assert_eq!(byte_range("bytes=900-", 1000), Ok(Some((900, 999))));
        assert_eq!(byte_range("bytes=-100", 1000), Ok(Some((900, 999))));
        assert_eq!(byte_range("bytes=0-5000", 1000), Ok(Some((0, 999))));
        assert_eq!(byte_range("bytes=1000-", 1000), Err(()));
        assert_eq!(byte_range("bytes=0-1,5-6", 1000), Ok(None));
        assert_eq!(byte_range("items=0-1", 1000), Ok(None));
    }

    #[test]
    fn a_file_name_is_safe_in_the_header_and_kept_in_utf8() {
        assert_eq!(
            disposition(false, "nota fiscal ção.pdf"),
            "attachment; filename=\"nota fiscal __o.pdf\"; filename*=UTF-8''nota%20fiscal%20%C3%A7%C3%A3o.pdf"
        );
        assert!(disposition(true, "a\"b.png").starts_with("inline; filename=\"a_b.png\""));
    }
}
