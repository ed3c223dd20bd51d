//! `/api/users*` (docs/contracts.md#api-calls Users): list, create, alter (whole object, only email, or only name),
//! unblock, delete, lookup by email, and the functional-user flag. Route `users` for all but the
//! flag, which any logged-in user may read about themselves.

use axum::{Json, extract::State, http::StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use utoipa_axum::routes;

use crate::{
    context::{Access, CurrentTenant, CurrentUser},
    domain::{
        Error as DomainError,
        pages::Page,
        users::{self, ListQuery, NewUser, UserChanges, UserFormOptions, UserView},
    },
    error::AppResult,
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath, ApiQuery},
    },
    state::AppState,
};

const RULE: Access = Access::Route("users");

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(RULE, routes!(list))
        .route(RULE, routes!(options))
        .route(RULE, routes!(create))
        .route(RULE, routes!(by_email))
        .route(Access::Authenticated, routes!(is_functional))
        .route(RULE, routes!(alter))
        .route(RULE, routes!(unblock))
        .route(RULE, routes!(temporary_password))
        .route(RULE, routes!(delete))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// Página, de 1 a 1 000 000 000 (padrão 1).
    #[serde(default)]
    page: Option<u64>,
    /// Itens por página, de 1 a 100 (padrão 20).
    #[serde(default)]
    limit: Option<u64>,
    /// Trecho do nome, email ou username (até 100 caracteres).
    #[serde(default)]
    search: Option<String>,
}

/// A page of users (default 20, at most 100 per page), searchable by name, email or username.
#[utoipa::path(
    get, path = "/users", tag = "usuários", operation_id = "users_list",
    summary = "Lista os usuários (paginado, com busca)",
    params(ListParams),
    responses(
        (status = 200, description = "Uma página de usuários, por nome.", body = Page<UserView>),
        (status = 422, description = "Página fora do intervalo (`invalid_page`).", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiQuery(params): ApiQuery<ListParams>,
) -> AppResult<Json<Page<UserView>>> {
    let mut query = ListQuery {
        search: params.search.filter(|s| s.chars().count() <= 100),
        page: super::page_number(params.page, "page")?,
        limit: params.limit.unwrap_or(20),
        known_total: None,
    };
    // Every page of one search has the same total: remembered, the database only confirms it.
    let caches = state.bus.caches();
    let needle = query.needle();
    query.known_total = needle.as_deref().and_then(|needle| caches.users_total(&tenant.name, needle));
    let tx = tenant.read(&state).await?;
    let (mut page, known) = users::list_counted(&tx, &query).await?;
    tx.end();
    if let (Some(needle), Some(known)) = (needle, known)
        && query.known_total != Some(known)
    {
        caches.store_users_total(tenant.name.clone(), needle, known);
    }
    users::apply_presence(&mut page.data, &state.bus.online(&tenant.name).await);
    // Serialized straight from the page (a `json!` tree first allocated a map per user).
    Ok(Json(page))
}

/// The roles, active departments and instances a user form offers.
#[utoipa::path(
    get, path = "/users/options", tag = "usuários", operation_id = "users_form_options",
    summary = "Opções do formulário de usuário",
    description = "Perfis, departamentos ativos e instâncias do tenant, para escolher ao criar ou editar um usuário \
        (basta a rota `users`).",
    responses((status = 200, description = "`{roles, departments, instances}`", body = UserFormOptions))
)]
async fn options(State(state): State<AppState>, tenant: CurrentTenant) -> AppResult<Json<UserFormOptions>> {
    let tx = tenant.read(&state).await?;
    let options = users::form_options(&tx).await?;
    tx.end();
    Ok(Json(options))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CreateUserBody)]
struct CreateBody {
    #[schema(example = "Ana Souza")]
    name: String,
    #[schema(example = "ana@acme.com.br")]
    email: String,
    /// Força ≥ 75: ao menos 8 caracteres, sem repetições nem sequências.
    password: String,
    /// Único; derivado do email quando ausente.
    #[serde(default)]
    username: Option<String>,
    /// URL da foto.
    #[serde(default)]
    image: Option<String>,
    /// Id do perfil (`GET /api/permission`).
    role_id: i32,
    /// Id do departamento (`GET /api/departments`).
    #[serde(default)]
    user_department_id: Option<i32>,
    /// Ids das instâncias que o usuário atende.
    #[serde(default)]
    chosen_instances: Vec<i32>,
    /// Conta de integração (ocupa uma vaga, usa a API, fica fora da interface).
    #[serde(default, rename = "isFunctional")]
    is_functional: bool,
}

/// Creates a user within the plan's user limit.
#[utoipa::path(
    post, path = "/users", tag = "usuários", operation_id = "users_create",
    summary = "Cria um usuário",
    description = "A senha precisa de força ≥ 75; o plano limita o número de usuários (`userLimit`).",
    request_body = CreateBody,
    responses(
        (status = 201, description = "O usuário criado.", body = UserView),
        (status = 422, description = "Campos inválidos, email ou username já usados, senha fraca ou limite de usuários do plano atingido.", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<CreateBody>,
) -> AppResult<(StatusCode, Json<UserView>)> {
    let new = NewUser {
        name: body.name,
        email: body.email,
        username: body.username,
        password: body.password,
        role_id: Some(body.role_id),
        department_id: body.user_department_id,
        instances: body.chosen_instances,
        image: body.image,
        is_functional: body.is_functional,
        ..Default::default()
    };
    let tx = tenant.begin(&state).await?;
    let user = users::create(&tx, new, tenant.record.user_limit).await?;
    let view = users::view(&tx, &user).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(view)))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = AlterUserBody)]
struct AlterBody {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    username: Option<String>,
    #[serde(default)]
    email: Option<String>,
    /// `null` remove a imagem.
    #[serde(default, deserialize_with = "crate::http::extract::nullable")]
    #[schema(value_type = Option<String>)]
    image: Option<Option<String>>,
    #[serde(default)]
    role_id: Option<i32>,
    /// `null` tira o usuário do departamento.
    #[serde(default, deserialize_with = "crate::http::extract::nullable")]
    #[schema(value_type = Option<i32>)]
    user_department_id: Option<Option<i32>>,
    /// Substitui a lista inteira de instâncias.
    #[serde(default)]
    chosen_instances: Option<Vec<i32>>,
    /// Nova senha (vazia = sem mudança); encerra as sessões do usuário.
    #[serde(default)]
    password: Option<String>,
}

/// Changes what the body carries: the whole object, or only `email`, or only `name`.
#[utoipa::path(
    put, path = "/users/{id}", tag = "usuários", operation_id = "users_alter",
    summary = "Altera um usuário",
    description = "Altera só o que o corpo traz: o objeto inteiro, ou só `email`, ou só `name`. \
        Uma nova senha encerra as sessões do usuário.",
    params(("id" = i32, Path, description = "Id do usuário")),
    request_body = AlterBody,
    responses(
        (status = 200, description = "O usuário alterado.", body = UserView),
        (status = 404, description = "Usuário não encontrado (`user_not_found`).", body = ErrorBody),
        (status = 422, description = "Campos inválidos, email ou username já usados, ou senha fraca.", body = ErrorBody),
    )
)]
async fn alter(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<AlterBody>,
) -> AppResult<Json<UserView>> {
    let changes = UserChanges {
        name: body.name,
        username: body.username,
        email: body.email,
        image: body.image,
        role_id: body.role_id,
        department_id: body.user_department_id,
        instances: body.chosen_instances,
        password: body.password.filter(|p| !p.is_empty()),
    };
    let unit = tenant.unit(&state).await?;
    let user = users::update(&unit, id, changes).await?;
    let view = users::view(&unit, &user).await?;
    unit.commit().await?;
    Ok(Json(view))
}

/// Unblocks a user (after too many failed logins); the body is ignored.
#[utoipa::path(
    patch, path = "/users/{id}", tag = "usuários", operation_id = "users_unblock",
    summary = "Desbloqueia um usuário",
    description = "Desbloqueia um usuário bloqueado por senhas erradas; o corpo é ignorado.",
    params(("id" = i32, Path, description = "Id do usuário")),
    responses(
        (status = 200, description = "O usuário desbloqueado.", body = UserView),
        (status = 404, description = "Usuário não encontrado (`user_not_found`).", body = ErrorBody),
    )
)]
async fn unblock(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<Json<UserView>> {
    let unit = tenant.unit(&state).await?;
    let user = users::unblock(&unit, id).await?;
    let view = users::view(&unit, &user).await?;
    unit.commit().await?;
    Ok(Json(view))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = TemporaryPasswordBody)]
struct TemporaryPasswordBody {
    /// A senha temporária (força ≥ média), que a pessoa troca ao entrar.
    password: String,
}

/// Sets a temporary password for someone who forgot theirs (docs/account.md).
#[utoipa::path(
    post, path = "/users/{id}/temporary-password", tag = "usuários", operation_id = "users_temporary_password",
    summary = "Define uma senha temporária",
    description = "Para quem esqueceu a senha: grava a senha temporária, encerra as sessões da pessoa e, no próximo \
        login, só a troca de senha fica acessível (`must_change_password`). Ninguém define a própria.",
    params(("id" = i32, Path, description = "Id do usuário")),
    request_body = TemporaryPasswordBody,
    responses(
        (status = 200, description = "O usuário, com `mustChangePassword: true`.", body = UserView),
        (status = 404, description = "Usuário não encontrado (`user_not_found`).", body = ErrorBody),
        (status = 422, description = "Senha fraca (`weak_password`) ou a própria conta (`temporary_password_self`).", body = ErrorBody),
    )
)]
async fn temporary_password(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<TemporaryPasswordBody>,
) -> AppResult<Json<UserView>> {
    let unit = tenant.unit(&state).await?;
    let user = users::account::set_temporary_password(&unit, id, &body.password, current.user.id).await?;
    let view = users::view(&unit, &user).await?;
    unit.commit().await?;
    Ok(Json(view))
}

/// Soft-deletes a user and ends their sessions.
#[utoipa::path(
    delete, path = "/users/{id}", tag = "usuários", operation_id = "users_delete",
    summary = "Exclui um usuário",
    description = "Exclusão lógica: o histórico fica, as sessões acabam e o email fica livre. Ninguém exclui a si mesmo.",
    params(("id" = i32, Path, description = "Id do usuário")),
    responses(
        (status = 204, description = "Excluído."),
        (status = 404, description = "Usuário não encontrado (`user_not_found`).", body = ErrorBody),
        (status = 422, description = "Tentativa de excluir a si mesmo (`cannot_delete_self`).", body = ErrorBody),
    )
)]
async fn delete(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
) -> AppResult<StatusCode> {
    let unit = tenant.unit(&state).await?;
    users::delete(&unit, id, current.user.id).await?;
    unit.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
#[schema(as = UserEmailBody)]
struct EmailBody {
    #[schema(example = "ana@acme.com.br")]
    email: String,
}

/// `{id, name, email}` of the user with this email.
#[utoipa::path(
    post, path = "/users/email", tag = "usuários", operation_id = "users_by_email",
    summary = "Busca um usuário pelo email",
    request_body = EmailBody,
    responses(
        (status = 200, description = "`{id, name, email}` do usuário.", body = UserContact,
            example = json!({ "id": 7, "name": "Ana Souza", "email": "ana@acme.com.br" })),
        (status = 404, description = "Usuário não encontrado (`user_not_found`).", body = ErrorBody),
    )
)]
async fn by_email(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    ApiJson(body): ApiJson<EmailBody>,
) -> AppResult<Json<UserContact>> {
    let tx = tenant.read(&state).await?;
    let user = users::find_by_email(&tx, &body.email).await?.filter(|user| user.kind == "person");
    tx.end();
    let user = user.ok_or_else(|| DomainError::not_found("user_not_found", "Usuário não encontrado."))?;
    Ok(Json(UserContact { id: user.id, name: user.name, email: user.email }))
}

/// Who has an email: the user's id, name and email.
#[derive(Serialize, ToSchema)]
struct UserContact {
    #[schema(example = 7)]
    id: i32,
    #[schema(example = "Ana Souza")]
    name: String,
    #[schema(example = "ana@acme.com.br")]
    email: String,
}

/// Whether the caller is a functional (integration) account.
#[utoipa::path(
    get, path = "/users/is-funcional-user", tag = "usuários", operation_id = "users_is_functional",
    summary = "Diz se quem chama é um usuário funcional (integração)",
    responses((status = 200, description = "`{\"isFunctional\": bool}`", body = FunctionalFlag, example = json!({ "isFunctional": false })))
)]
async fn is_functional(current: CurrentUser) -> Json<FunctionalFlag> {
    Json(FunctionalFlag { is_functional: current.user.is_functional })
}

/// Whether the caller is a functional (integration) account.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct FunctionalFlag {
    is_functional: bool,
}
