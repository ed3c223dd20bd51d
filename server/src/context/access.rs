//! The one access decision (docs/contracts.md#roles-and-route-permissions), taken the same way for a
//! REST route, a GraphQL field and the socket: who may call ([`Access`]), whether the caller's role
//! requiring two-factor closes checked routes until they enroll, and whether the tenant has the
//! feature the route belongs to (docs/contracts.md#plans-features-and-limits).
//!
//! The transports only look the rule up (`http::access` for routes, `graphql::rules` for fields)
//! and call [`decide`]; none of them decides anything itself. Which tenant an operator parameter
//! (`tenantName`) may name is decided here too ([`target`]).

use crate::{
    context::{caller::CurrentUser, tenant::CurrentTenant},
    domain::{self, features::Feature},
    error::{AppError, Unauthorized},
    state::AppState,
    tenancy::TenantName,
};

/// Who may call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone (the tenant still has to resolve).
    Public,
    /// Any logged-in user of the tenant.
    Authenticated,
    /// Any logged-in user, also one who must still replace a temporary password or still enroll
    /// in two-factor: the calls on their own account that lead out of it (who am I, change my
    /// password).
    Account,
    /// Any logged-in user, also one whose role requires two-factor and who has not enrolled yet:
    /// the enrollment path itself (turning two-factor on, its recovery codes).
    TwoFactorEnrollment,
    /// A user whose role permits this route name of the catalogue.
    Route(&'static str),
    /// A back-office operator (a user of the back-office tenant) whose role permits this route.
    Operator(&'static str),
    /// A user whose role permits either of two routes: a screen and its richer twin that calls
    /// the same API (`dashboard-report` and `dashboard-report-smart`). The first names the feature.
    EitherRoute(&'static str, &'static str),
}

impl Access {
    /// The route name this rule checks, if any.
    pub fn route(self) -> Option<&'static str> {
        match self {
            Self::Route(name) | Self::Operator(name) | Self::EitherRoute(name, _) => Some(name),
            Self::Public | Self::Authenticated | Self::Account | Self::TwoFactorEnrollment => None,
        }
    }
}

/// A rule: who may call, and the tenant feature it belongs to (if any).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub access: Access,
    pub feature: Option<Feature>,
}

impl From<Access> for Rule {
    fn from(access: Access) -> Self {
        Self { access, feature: None }
    }
}

/// Applies `rule` to a caller of `tenant` (`None` = no token). Checked in this order: a token
/// (401), a temporary password still to replace (403 `password_change_required`, except
/// [`Access::Account`] calls), the role's route or operator rule (403 `forbidden` / `backoffice_only`), the two-factor
/// enrollment gate on every authenticated call but the account's own and the enrollment path (403
/// `two_factor_enrollment_required`), the tenant's feature (403 `feature_disabled`).
pub async fn decide(
    state: &AppState,
    tenant: &CurrentTenant,
    user: Option<&CurrentUser>,
    rule: Rule,
) -> Result<(), AppError> {
    if rule.access != Access::Public {
        let user = user.ok_or(AppError::Unauthorized(Unauthorized::NoToken))?;
        permit(state, tenant, user, rule.access)?;
    }
    if let Some(feature) = rule.feature {
        require_feature(tenant, feature)?;
    }
    Ok(())
}

/// The synchronous part of [`decide`]: temporary password, role, operator and two-factor gates.
fn permit(state: &AppState, tenant: &CurrentTenant, user: &CurrentUser, access: Access) -> Result<(), AppError> {
    if user.user.must_change_password && access != Access::Account {
        return Err(domain::Error::forbidden(
            "password_change_required",
            "Troque a sua senha temporária para continuar.",
        )
        .into());
    }
    let allowed = match access {
        Access::Public | Access::Authenticated | Access::Account | Access::TwoFactorEnrollment => true,
        Access::Route(name) => user.may(name),
        Access::EitherRoute(one, other) => user.may(one) || user.may(other),
        Access::Operator(name) => tenant.is_backoffice(state) && user.may(name),
    };
    if !allowed {
        let err = match access {
            Access::Operator(_) if !tenant.is_backoffice(state) => {
                domain::Error::forbidden("backoffice_only", "Somente operadores do back-office podem fazer isto.")
            }
            _ => domain::Error::forbidden("forbidden", "Você não tem permissão para acessar este recurso."),
        };
        return Err(err.into());
    }
    // Every call of a role that requires two-factor waits for the enrollment — the inbox and the
    // socket as much as the administration routes — but the way out of it.
    let exempt = matches!(access, Access::Account | Access::TwoFactorEnrollment);
    if user.must_enroll_two_factor && !exempt {
        return Err(domain::Error::forbidden(
            "two_factor_enrollment_required",
            "Seu perfil exige autenticação em dois fatores: ative-a em Configurações para continuar.",
        )
        .into());
    }
    Ok(())
}

/// 403 `feature_disabled` unless `tenant` has `feature` switched on.
pub fn require_feature(tenant: &CurrentTenant, feature: Feature) -> Result<(), AppError> {
    if tenant.has_feature(feature.option()) {
        return Ok(());
    }
    Err(domain::Error::forbidden("feature_disabled", feature.disabled_message()).into())
}

/// The tenant a `tenantName` parameter names (docs/tenancy.md#operators): the caller's own when
/// absent or equal; another tenant only for back-office operators whose role has the `tenants`
/// route — a tenant's own users, and back-office staff without it, get 403. Every operator
/// parameter of every transport (`tenantName`, `tenancyId`) is decided here.
pub async fn target(
    state: &AppState,
    caller: &CurrentTenant,
    user: &CurrentUser,
    name: Option<&str>,
) -> Result<CurrentTenant, AppError> {
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty() && *n != caller.name.as_str()) else {
        return Ok(caller.clone());
    };
    may_reach_other_tenants(state, caller, user)?;
    let name = TenantName::parse(name).map_err(|_| AppError::TenantNotFound)?;
    CurrentTenant::find(state, name).await
}

/// Whether the caller may act on another tenant than their own: a back-office operator whose
/// role has the `tenants` route (403 `other_tenant` otherwise).
pub fn may_reach_other_tenants(state: &AppState, caller: &CurrentTenant, user: &CurrentUser) -> Result<(), AppError> {
    if caller.is_backoffice(state) && user.may("tenants") {
        return Ok(());
    }
    Err(domain::Error::forbidden("other_tenant", "Você só pode acessar os dados da sua própria empresa.").into())
}
