//! `PATCH /api/user-settings/{id}`: two-factor activity (docs/contracts.md#api-calls and docs/auth.md).
//!
//! Body `{"action":"enroll"}` → `{secret, otpauth_url}` (show as QR code); `{"action":"confirm",
//! "code":"123456"}` turns it on; `{"action":"disable","code":"123456"}` turns it off. A user acts
//! on their own settings; an administrator with the `users` route may disable another user's
//! two-factor without a code (lost phone). Enrolling needs the tenant's `two_factor` feature.
//! Confirming answers ten recovery codes once; `POST /api/user-settings/{id}/recovery-codes`
//! `{"code"}` replaces them (docs/account.md#two-factor-recovery-codes).

use axum::{Json, extract::State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use utoipa_axum::routes;

use crate::{
    context::{Access, ClientAddr, CurrentTenant, CurrentUser, access::require_feature},
    domain::{
        Error as DomainError,
        auth::two_factor::{self, CodeCheck},
        features::Feature,
        users,
    },
    error::AppResult,
    http::{
        access::ApiRoutes,
        error_bodies::ErrorBody,
        extract::{ApiJson, ApiPath},
    },
    state::AppState,
};

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(Access::TwoFactorEnrollment, routes!(two_factor_activity))
        .route(Access::TwoFactorEnrollment, routes!(renew_recovery_codes))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TwoFactorAction)]
enum Action {
    Enroll,
    Confirm,
    Disable,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = TwoFactorActivityBody)]
struct Body {
    action: Action,
    /// Código de 6 dígitos do autenticador (em `confirm` e `disable`).
    #[serde(default)]
    #[schema(example = "123456")]
    code: Option<String>,
    /// Senha atual de quem faz o pedido (em `enroll` e `disable`), dispensável até 5 minutos depois
    /// de um login com senha.
    #[serde(default, rename = "currentPassword")]
    current_password: Option<String>,
}

/// Two-factor enrollment, confirmation and removal.
#[utoipa::path(
    patch, path = "/user-settings/{id}", tag = "configurações", operation_id = "user_settings_two_factor",
    summary = "Ativa, confirma ou desativa a autenticação em dois fatores",
    description = "`{\"action\":\"enroll\"}` responde `{secret, otpauth_url}` (conteúdo do QR code); \
        `{\"action\":\"confirm\",\"code\"}` ativa e `{\"action\":\"disable\",\"code\"}` desativa \
        (`{two_factor_enabled}`). Cada um altera as próprias configurações; um administrador com a rota `users` \
        desativa a de outro usuário sem código. `enroll` e `disable` pedem a prova de que quem pede é a pessoa: \
        `currentPassword` (a senha atual de quem pede) ou um login com senha dos últimos 5 minutos; sem ela, 422 \
        `reauthentication_required`.",
    params(("id" = i32, Path, description = "Id do usuário")),
    request_body = Body,
    responses(
        (status = 200, description = "`{secret, otpauth_url}` (enroll), `{two_factor_enabled, recovery_codes}` (confirm: \
            os dez códigos de recuperação, mostrados só agora) ou `{two_factor_enabled}` (disable).", body = TwoFactorAnswer),
        (status = 403, description = "Configurações de outro usuário (`forbidden`) ou opção desligada para a empresa (`feature_disabled`).", body = ErrorBody),
        (status = 404, description = "Usuário não encontrado (`user_not_found`).", body = ErrorBody),
        (status = 422, description = "Código errado, já usado, ação impossível no estado atual, senha atual errada \
            (`invalid_current_password`) ou ausente (`reauthentication_required`).", body = ErrorBody),
        (status = 429, description = "Códigos errados demais nos últimos 15 minutos (`rate_limited`, com `Retry-After`).", body = ErrorBody),
    )
)]

async fn two_factor_activity(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    addr: ClientAddr,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<Body>,
) -> AppResult<Json<TwoFactorAnswer>> {
    let own = id == current.user.id;
    let admin_reset = !own && matches!(body.action, Action::Disable) && current.may("users");
    if !own && !admin_reset {
        return Err(DomainError::forbidden("forbidden", "Você só pode alterar as suas próprias configurações.").into());
    }
    // Turning two-factor on needs the feature; turning it off never does (a tenant that lost the
    // feature must still be able to leave it).
    if matches!(body.action, Action::Enroll | Action::Confirm) {
        require_feature(&tenant, Feature::TwoFactor)?;
    }
    // A stolen access token must not enroll its thief's authenticator nor remove the person's.
    if matches!(body.action, Action::Enroll | Action::Disable) {
        crate::auth::require_presence(&state, &tenant, &addr, &current, body.current_password.as_deref()).await?;
    }
    let code = body.code.as_deref().unwrap_or_default();
    let (secrets, scope) = (&*state.secrets, tenant.name.as_str());
    let unit = tenant.unit(&state).await?;
    let target = users::find(&unit, id).await?;
    let (answer, check) = match body.action {
        Action::Enroll => {
            (TwoFactorAnswer::Enrolled(two_factor::enroll(&unit, secrets, scope, &target).await?), CodeCheck::Accepted)
        }
        Action::Confirm => {
            let (check, codes) = two_factor::confirm(&unit, secrets, scope, &target, code).await?;
            (TwoFactorAnswer::Confirmed { two_factor_enabled: true, recovery_codes: codes }, check)
        }
        Action::Disable => {
            let code = if admin_reset { None } else { Some(code) };
            let check = two_factor::disable(&unit, secrets, scope, &target, code).await?;
            (TwoFactorAnswer::Disabled { two_factor_enabled: false }, check)
        }
    };
    // A wrong code is counted against the user's budget: commit it, then answer the error.
    unit.commit().await?;
    check.into_result()?;
    Ok(Json(answer))
}

/// What a two-factor action answers: the new secret (enroll), or whether two-factor is now on.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
enum TwoFactorAnswer {
    /// `enroll`: o segredo e o conteúdo do QR code.
    Enrolled(two_factor::Enrollment),
    /// `confirm`: ativo, com os dez códigos de recuperação, mostrados só agora.
    Confirmed { two_factor_enabled: bool, recovery_codes: Option<Vec<String>> },
    /// `disable`: desativado.
    Disabled { two_factor_enabled: bool },
}

#[derive(Deserialize, ToSchema)]
#[schema(as = RecoveryCodesBody)]
struct RecoveryCodesBody {
    /// Código atual do autenticador (ou um código de recuperação).
    #[schema(example = "123456")]
    code: String,
}

/// New recovery codes for the caller's own two-factor.
#[utoipa::path(
    post, path = "/user-settings/{id}/recovery-codes", tag = "configurações", operation_id = "user_settings_recovery_codes",
    summary = "Gera novos códigos de recuperação de dois fatores",
    description = "Com um código válido, substitui os códigos de recuperação (os antigos deixam de valer) e \
        responde `{recovery_codes}`: dez códigos de uso único, mostrados só agora.",
    params(("id" = i32, Path, description = "Id do usuário (o próprio)")),
    request_body = RecoveryCodesBody,
    responses(
        (status = 200, description = "`{recovery_codes}`.", body = RecoveryCodes),
        (status = 403, description = "Configurações de outro usuário (`forbidden`).", body = ErrorBody),
        (status = 409, description = "Dois fatores não está ativo (`two_factor_not_enabled`).", body = ErrorBody),
        (status = 422, description = "Código errado ou já usado (`invalid_code`).", body = ErrorBody),
        (status = 429, description = "Códigos errados demais (`rate_limited`).", body = ErrorBody),
    )
)]
async fn renew_recovery_codes(
    State(state): State<AppState>,
    tenant: CurrentTenant,
    current: CurrentUser,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<RecoveryCodesBody>,
) -> AppResult<Json<RecoveryCodes>> {
    if id != current.user.id {
        return Err(DomainError::forbidden("forbidden", "Você só pode alterar as suas próprias configurações.").into());
    }
    let unit = tenant.unit(&state).await?;
    let (check, codes) =
        two_factor::renew_recovery_codes(&unit, &state.secrets, tenant.name.as_str(), &current.user, &body.code)
            .await?;
    // A wrong code is counted against the user's budget: commit it, then answer the error.
    unit.commit().await?;
    check.into_result()?;
    Ok(Json(RecoveryCodes { recovery_codes: codes }))
}

/// New two-factor recovery codes, shown only this once.
#[derive(Serialize, ToSchema)]
struct RecoveryCodes {
    /// Dez códigos de uso único.
    recovery_codes: Option<Vec<String>>,
}
