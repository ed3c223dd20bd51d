//! `/api/auth/*` and `/api/ip`: login (with the two-factor step), refresh, logout, userInfo, and the
//! caller's own password and profile (docs/account.md).
//!
//! Answers follow docs/contracts.md#api-calls to the field: login → `{access_token, origin_backoffice,
//! has_permission_routes}`; refresh → `{refreshToken: {token}}`. The refresh token travels in an
//! httpOnly cookie for browsers, and in the body only for clients that ask (`refresh_in_body`).

use axum::{Json, extract::State};
use axum_extra::extract::cookie::CookieJar;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use utoipa_axum::routes;

use crate::{
    auth::{self, LoginResult, REFRESH_COOKIE, Session, expired_refresh_cookie, refresh_cookie},
    context::{Access, ClientAddr, CurrentTenant, CurrentUser, caller::bearer},
    domain::{distribution, features, users},
    error::{AppError, AppResult},
    http::{access::ApiRoutes, error_bodies::ErrorBody, extract::ApiJson},
    state::AppState,
};

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(Access::Public, routes!(ip))
        .route(Access::Public, routes!(login_step))
        .route(Access::Public, routes!(two_factor_step))
        .route(Access::Public, routes!(refresh_session))
        .route(Access::Public, routes!(logout))
        .route(Access::Account, routes!(user_info))
        .route(Access::Account, routes!(change_password))
        .route(Access::Authenticated, routes!(update_profile))
        .route(Access::Authenticated, routes!(own_status))
        .route(Access::Authenticated, routes!(set_status))
}

/// The caller's address as the server sees it (the web app uses it instead of a third-party service).
#[utoipa::path(
    get, path = "/ip", tag = "autenticação", operation_id = "ip",
    summary = "Endereço IP de quem chama",
    responses((status = 200, description = "`{\"ip\": \"203.0.113.5\"}`", body = ClientIp, example = json!({ "ip": "203.0.113.5" })))
)]
async fn ip(ClientAddr(addr): ClientAddr) -> Json<ClientIp> {
    Json(ClientIp { ip: addr.to_string() })
}

/// The caller's address, as `/ip` answers it.
#[derive(Serialize, ToSchema)]
struct ClientIp {
    #[schema(example = "203.0.113.5")]
    ip: String,
}

#[derive(Deserialize, ToSchema)]
struct LoginBody {
    #[schema(example = "ana@acme.com.br")]
    email: String,
    password: String,
    /// Endereço que o cliente acredita ter (registrado junto ao que o servidor vê).
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "203.0.113.5")]
    ip: Option<Value>,
    /// Clientes que não são navegadores: devolve também o refresh token no corpo.
    #[serde(default)]
    refresh_in_body: bool,
}

fn body_ip(value: Option<Value>) -> Option<String> {
    match value? {
        Value::String(s) if !s.is_empty() => Some(s),
        Value::Null => None,
        other => Some(other.to_string()),
    }
}

/// Checks email and password; answers the session, or the two-factor challenge when the user has it on.
#[utoipa::path(
    post, path = "/auth/login", tag = "autenticação", operation_id = "auth_login",
    summary = "Login com email e senha",
    description = "Responde `{access_token, token_type, expires_in, origin_backoffice, has_permission_routes, \
        two_factor_enrollment_required}` e o cookie httpOnly `bo_refresh` (e `refresh_token` no corpo se \
        `refresh_in_body`), ou `{two_factor_required: true, challenge}` quando o usuário usa dois fatores. \
        Cinco senhas erradas seguidas bloqueiam o usuário.",
    request_body = LoginBody,
    responses(
        (status = 200, description = "Sessão aberta, ou desafio de dois fatores.", body = LoginAnswer),
        (status = 401, description = "Email ou senha errados (qualquer causa).", body = super::error_bodies::LoginFailed),
        (status = 429, description = "Tentativas demais deste endereço (`rate_limited`, com `Retry-After`).", body = super::error_bodies::ErrorBody),
    )
)]
async fn login_step(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    addr: ClientAddr,
    jar: CookieJar,
    ApiJson(body): ApiJson<LoginBody>,
) -> AppResult<(CookieJar, Json<LoginAnswer>)> {
    match auth::login(&state, &tenant, &addr, body.email, body.password, body_ip(body.ip)).await? {
        LoginResult::TwoFactor { challenge } => {
            Ok((jar, Json(LoginAnswer::Challenge(LoginChallenge { two_factor_required: true, challenge }))))
        }
        LoginResult::Session(session) => {
            let (jar, Json(opened)) = session_answer(&state, jar, &session, body.refresh_in_body);
            Ok((jar, Json(LoginAnswer::Session(opened))))
        }
    }
}

/// What the password step answers: the session, or the two-factor challenge.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
enum LoginAnswer {
    Session(SessionOpened),
    Challenge(LoginChallenge),
}

/// The user has two-factor on: the second step takes this challenge and a code.
#[derive(Serialize, ToSchema)]
struct LoginChallenge {
    /// Sempre `true`.
    two_factor_required: bool,
    /// Vale 5 minutos; vai para `POST /api/auth/login/two-factor`.
    challenge: String,
}

/// An opened session, as login, the two-factor step and the password change answer it.
#[derive(Serialize, ToSchema)]
struct SessionOpened {
    access_token: String,
    /// Sempre `Bearer`.
    #[schema(example = "Bearer")]
    token_type: &'static str,
    /// Segundos de validade do token de acesso.
    #[schema(example = 900)]
    expires_in: i64,
    origin_backoffice: bool,
    /// As rotas que o perfil permite.
    has_permission_routes: Vec<String>,
    /// O perfil exige dois fatores e o usuário ainda não os ativou.
    two_factor_enrollment_required: bool,
    /// Senha temporária: só a troca de senha fica acessível.
    must_change_password: bool,
    /// Só quando pedido (`refresh_in_body`); navegadores usam o cookie `bo_refresh`.
    #[serde(skip_serializing_if = "Option::is_none")]
    refresh_token: Option<String>,
}

#[derive(Deserialize, ToSchema)]
struct TwoFactorBody {
    /// O `challenge` devolvido pelo login.
    challenge: String,
    /// Código de 6 dígitos do aplicativo autenticador.
    #[schema(example = "123456")]
    code: String,
    #[serde(default)]
    refresh_in_body: bool,
}

/// The second login step: the challenge and a TOTP code.
#[utoipa::path(
    post, path = "/auth/login/two-factor", tag = "autenticação", operation_id = "auth_login_two_factor",
    summary = "Segunda etapa do login: código de dois fatores",
    description = "Com o `challenge` do login e o código do autenticador, responde a mesma sessão do login.",
    request_body = TwoFactorBody,
    responses(
        (status = 200, description = "Sessão aberta.", body = SessionOpened),
        (status = 401, description = "Desafio inválido ou expirado, ou código errado.", body = super::error_bodies::LoginFailed),
        (status = 429, description = "Tentativas demais deste endereço (`rate_limited`).", body = super::error_bodies::ErrorBody),
    )
)]
async fn two_factor_step(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    addr: ClientAddr,
    jar: CookieJar,
    ApiJson(body): ApiJson<TwoFactorBody>,
) -> AppResult<(CookieJar, Json<SessionOpened>)> {
    let session = auth::complete_two_factor(&state, &tenant, &addr, &body.challenge, &body.code).await?;
    Ok(session_answer(&state, jar, &session, body.refresh_in_body))
}

fn session_answer(
    state: &AppState,
    jar: CookieJar,
    session: &Session,
    refresh_in_body: bool,
) -> (CookieJar, Json<SessionOpened>) {
    let body = SessionOpened {
        access_token: session.access.token.clone(),
        token_type: "Bearer",
        expires_in: state.keys.access_ttl_seconds(),
        origin_backoffice: session.origin_backoffice,
        has_permission_routes: session.routes.clone(),
        two_factor_enrollment_required: session.two_factor_enrollment_required,
        must_change_password: session.user.must_change_password,
        refresh_token: refresh_in_body.then(|| session.refresh.token.clone()),
    };
    (jar.add(refresh_cookie(state, session.refresh.token.clone())), Json(body))
}

#[derive(Deserialize, Default, ToSchema)]
struct RefreshBody {
    /// Para clientes sem cookie; navegadores enviam o cookie `bo_refresh`.
    #[serde(default)]
    refresh_token: Option<String>,
}

/// Rotates the refresh token (cookie, or body) and issues a new access token.
#[utoipa::path(
    post, path = "/auth/refresh", tag = "autenticação", operation_id = "auth_refresh",
    summary = "Renova o token de acesso",
    description = "Usa o refresh token do cookie `bo_refresh` (ou do corpo) uma única vez e responde \
        `{refreshToken: {token}, expires_in}` com o novo token de acesso; o próximo refresh token vem no cookie \
        (e em `refresh_token` quando enviado no corpo). Reapresentar um refresh token usado revoga a família toda.",
    request_body(content = Option<RefreshBody>, description = "Opcional."),
    responses(
        (status = 200, description = "Novo token de acesso.", body = Refreshed,
            example = json!({ "refreshToken": { "token": "eyJ..." }, "expires_in": 900 })),
        (status = 401, description = "Renovação impossível: `{\"status\":\"Token is Expired\"}`.", body = super::error_bodies::TokenStatus),
    )
)]
async fn refresh_session(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    addr: ClientAddr,
    jar: CookieJar,
    body: Option<ApiJson<RefreshBody>>,
) -> AppResult<(CookieJar, Json<Refreshed>)> {
    let from_body = body.and_then(|ApiJson(b)| b.refresh_token).filter(|t| !t.is_empty());
    let in_body = from_body.is_some();
    let presented = from_body.or_else(|| jar.get(REFRESH_COOKIE).map(|c| c.value().to_owned()));
    let (access, refresh) = auth::refresh(&state, &tenant, &addr, presented).await?;
    let body = Refreshed {
        access: AccessToken { token: access.token },
        expires_in: state.keys.access_ttl_seconds(),
        refresh_token: in_body.then(|| refresh.token.clone()),
    };
    Ok((jar.add(refresh_cookie(&state, refresh.token)), Json(body)))
}

/// What a refresh answers: the new access token (under `refreshToken`, as the contract names it).
#[derive(Serialize, ToSchema)]
struct Refreshed {
    /// O novo token de acesso.
    #[serde(rename = "refreshToken")]
    access: AccessToken,
    /// Segundos de validade do token de acesso.
    #[schema(example = 900)]
    expires_in: i64,
    /// O próximo refresh token, só quando o anterior veio no corpo.
    #[serde(skip_serializing_if = "Option::is_none")]
    refresh_token: Option<String>,
}

/// An access token, as the refresh answer wraps it.
#[derive(Serialize, ToSchema)]
struct AccessToken {
    token: String,
}

#[derive(Deserialize, Default, ToSchema)]
#[allow(dead_code)] // `data` and `ip` are accepted as the spec sends them; nothing needs them.
struct LogoutBody {
    /// Aceito como a especificação envia; ignorado.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    data: Option<Value>,
    /// Aceito como a especificação envia; ignorado.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    ip: Option<Value>,
    /// Para clientes sem cookie.
    #[serde(default)]
    refresh_token: Option<String>,
}

/// Ends the session: revokes the refresh family and marks the user disconnected. Answers 200 even
/// with an expired or missing token, so a client can always clear itself (docs/contracts.md#api-calls).
#[utoipa::path(
    post, path = "/auth/logout", tag = "autenticação", operation_id = "auth_logout",
    summary = "Encerra a sessão",
    description = "Revoga a família do refresh token e marca o usuário como desconectado. Responde 200 mesmo \
        com token expirado ou ausente, para o cliente sempre poder se limpar.",
    request_body(content = Option<LogoutBody>, description = "Opcional."),
    responses((status = 200, description = "`{\"message\": \"Sessão encerrada.\"}`", body = LoggedOut,
        example = json!({ "message": "Sessão encerrada." })))
)]
async fn logout(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    jar: CookieJar,
    headers: axum::http::HeaderMap,
    body: Option<ApiJson<LogoutBody>>,
) -> AppResult<(CookieJar, Json<LoggedOut>)> {
    let presented =
        body.and_then(|ApiJson(b)| b.refresh_token).or_else(|| jar.get(REFRESH_COOKIE).map(|c| c.value().to_owned()));
    auth::log_out(&state, &tenant, presented.as_deref(), bearer(&headers)).await?;
    Ok((jar.add(expired_refresh_cookie()), Json(LoggedOut { message: "Sessão encerrada." })))
}

/// What logout answers.
#[derive(Serialize, ToSchema)]
struct LoggedOut {
    #[schema(example = "Sessão encerrada.")]
    message: &'static str,
}

/// The logged-in user and the routes their role permits.
#[utoipa::path(
    get, path = "/auth/userInfo", tag = "autenticação", operation_id = "auth_user_info",
    summary = "Dados do usuário logado",
    responses((status = 200, description = "`{user, has_permission_routes, sees_all_tickets, status, features, must_change_password}`: \
        o usuário (com `recoveryCodesLeft`), as rotas que o perfil permite, as opções (features) ligadas na empresa, \
        para o menu esconder o que está desligado, e se a senha é temporária (só esta conta fica acessível até trocá-la).",
        body = UserInfo))
)]
async fn user_info(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
) -> AppResult<Json<UserInfo>> {
    // Kept with the cached auth state: asked on every page load (docs/performance.md#hot-path).
    let user = current
        .own_view
        .get_or_try_init(|| async {
            let tx = tenant.read(&state).await?;
            let view = users::own_view(&tx, &current.user, current.role.as_ref()).await?;
            tx.end();
            Ok::<_, AppError>(view)
        })
        .await?
        .clone();
    Ok(Json(UserInfo {
        user,
        must_change_password: current.user.must_change_password,
        has_permission_routes: current.routes.clone(),
        // The inbox shows every ticket to these (docs/inbox.md#who-sees-what).
        sees_all_tickets: current.viewer.sees_all,
        // As chosen: the page asking has, or is about to open, its socket.
        status: users::status::StatusView::of(&current.user, true),
        // What the tenant has switched on: the menu hides what a disabled feature covers.
        features: features::Feature::ALL
            .into_iter()
            .map(features::Feature::option)
            .filter(|option| tenant.has_feature(option))
            .collect(),
    }))
}

/// What `userInfo` answers.
#[derive(Serialize, ToSchema)]
struct UserInfo {
    user: users::UserView,
    must_change_password: bool,
    has_permission_routes: Vec<String>,
    sees_all_tickets: bool,
    /// The caller's agent status (online, ausente with its reason, offline) and since when.
    status: users::status::StatusView,
    features: Vec<&'static str>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PasswordBody {
    /// A senha atual.
    current_password: String,
    /// A nova senha (força ≥ média).
    new_password: String,
    #[serde(default)]
    refresh_in_body: bool,
}

/// The caller replaces their own password.
#[utoipa::path(
    post, path = "/auth/password", tag = "autenticação", operation_id = "auth_change_password",
    summary = "Troca a própria senha",
    description = "Confere a senha atual, grava a nova, encerra todas as outras sessões da conta e responde uma \
        nova sessão, como o login. Também é o caminho de quem entrou com uma senha temporária.",
    request_body = PasswordBody,
    responses(
        (status = 200, description = "Senha trocada: a nova sessão, como no login.", body = SessionOpened),
        (status = 422, description = "`invalid_current_password`, `weak_password` ou `same_password`, com o campo.", body = ErrorBody),
        (status = 429, description = "Tentativas demais deste endereço (`rate_limited`, com `Retry-After`).", body = ErrorBody),
    )
)]
async fn change_password(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    addr: ClientAddr,
    jar: CookieJar,
    ApiJson(body): ApiJson<PasswordBody>,
) -> AppResult<(CookieJar, Json<SessionOpened>)> {
    let session =
        auth::change_password(&state, &tenant, &addr, &current.user, &body.current_password, &body.new_password)
            .await?;
    Ok(session_answer(&state, jar, &session, body.refresh_in_body))
}

#[derive(Deserialize, ToSchema)]
struct ProfileBody {
    /// O nome.
    name: String,
    /// Endereço http(s) da foto, ou `null` para tirá-la.
    #[serde(default)]
    image: Option<String>,
}

/// The caller changes their own name and photo.
#[utoipa::path(
    put, path = "/auth/profile", tag = "autenticação", operation_id = "auth_update_profile",
    summary = "Altera o próprio nome e foto",
    request_body = ProfileBody,
    responses(
        (status = 200, description = "O usuário, como em `userInfo`.", body = users::UserView),
        (status = 422, description = "Nome vazio ou longo demais, ou foto que não é um endereço http(s) (`validation_failed`).", body = ErrorBody),
    )
)]
async fn update_profile(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiJson(body): ApiJson<ProfileBody>,
) -> AppResult<Json<users::UserView>> {
    let image = body.image.map(|i| i.trim().to_owned()).filter(|i| !i.is_empty());
    let changes = users::UserChanges { name: Some(body.name), image: Some(image), ..Default::default() };
    let unit = tenant.unit(&state).await?;
    let saved = users::update(&unit, current.user.id, changes).await?;
    let view = users::view(&unit, &saved).await?;
    unit.commit().await?;
    Ok(Json(view))
}

/// The status a person chooses (docs/service-levels.md#agent-status).
#[derive(Deserialize, ToSchema)]
struct StatusBody {
    /// `online`, `ausente` ou `offline`.
    #[schema(example = "ausente")]
    status: String,
    /// Com `ausente`, o motivo (opcional, até 60 caracteres): almoço, reunião…
    #[serde(default)]
    #[schema(example = "almoço")]
    reason: Option<String>,
}

/// The caller's status as the supervisors see it.
#[utoipa::path(
    get, path = "/auth/status", tag = "autenticação", operation_id = "auth_status",
    summary = "A própria situação (online, ausente, offline)",
    responses((status = 200, description = "A situação, o motivo e desde quando.", body = users::status::StatusView))
)]
async fn own_status(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
) -> AppResult<Json<users::status::StatusView>> {
    let with_socket = state.bus.online(&tenant.name).await.contains(&current.user.id);
    Ok(Json(users::status::StatusView::of(&current.user, with_socket)))
}

/// The caller says they are online, away (ausente, with an optional reason) or offline.
#[utoipa::path(
    put, path = "/auth/status", tag = "autenticação", operation_id = "auth_set_status",
    summary = "Define a própria situação",
    description = "Online recebe atendimentos; ausente continua conectado, não recebe novos atendimentos nem \
        aparece para transferência, e os que tem continuam seus; offline é o `disconnected` da especificação. \
        Avisa o próprio usuário e os gestores (`UserStatusChanged`).",
    request_body = StatusBody,
    responses(
        (status = 200, description = "A situação escolhida.", body = users::status::StatusView),
        (status = 422, description = "Situação ou motivo inválidos (`invalid_status`, `invalid_reason`).", body = ErrorBody),
    )
)]
async fn set_status(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiJson(body): ApiJson<StatusBody>,
) -> AppResult<Json<users::status::StatusView>> {
    let status = users::status::AgentStatus::parse(&body.status)?;
    let unit = tenant.unit(&state).await?;
    let view = distribution::set_status(&unit, current.user.id, status, body.reason.as_deref()).await?;
    unit.commit().await?;
    Ok(Json(view))
}
