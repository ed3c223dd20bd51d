//! What resolvers get from the request: state, tenant, caller, and cookies to set; the guard every
//! root field calls first; and how an [`AppError`] becomes a GraphQL error.

use std::sync::{Arc, Mutex};

use async_graphql::{Context, ErrorExtensions};
use axum_extra::extract::cookie::Cookie;

use crate::{
    context::{ClientAddr, CurrentTenant, CurrentUser, access::decide},
    domain,
    error::AppError,
    graphql::rules,
    state::AppState,
};

pub struct GqlContext {
    pub state: AppState,
    pub tenant: CurrentTenant,
    pub addr: ClientAddr,
    pub user: Option<CurrentUser>,
    pub refresh_cookie: Option<String>,
    /// Cookies a resolver wants set on the HTTP response.
    pub cookies: Arc<Mutex<Vec<Cookie<'static>>>>,
    /// The [`rules::ONCE_PER_OPERATION`] fields this request already ran.
    ran_once: Mutex<Vec<String>>,
}

impl GqlContext {
    pub fn new(
        state: AppState,
        tenant: CurrentTenant,
        addr: ClientAddr,
        user: Option<CurrentUser>,
        refresh_cookie: Option<String>,
    ) -> Self {
        Self {
            state,
            tenant,
            addr,
            user,
            refresh_cookie,
            cookies: Arc::new(Mutex::new(Vec::new())),
            ran_once: Mutex::new(Vec::new()),
        }
    }

    pub fn set_cookie(&self, cookie: Cookie<'static>) {
        if let Ok(mut cookies) = self.cookies.lock() {
            cookies.push(cookie);
        }
    }
}

/// Applies a root field's rule (from [`rules::FIELD_RULES`]) through the shared access decision;
/// returns the context and the caller (`None` for public fields called without a token).
pub async fn guard<'a>(
    ctx: &'a Context<'_>,
    field: &str,
) -> async_graphql::Result<(&'a GqlContext, Option<&'a CurrentUser>)> {
    let gql = ctx.data::<GqlContext>()?;
    let Some(rule) = rules::rule(field) else {
        tracing::error!(field, "GraphQL field without an access rule: refused");
        return Err(to_error(domain::Error::forbidden("field_without_rule", "Acesso não configurado.").into()));
    };
    if rules::ONCE_PER_OPERATION.contains(&field) {
        // Aliases let one request call a field hundreds of times; each of these runs argon2 or
        // spends a guess, so a second one in the same request is refused.
        let mut ran = gql.ran_once.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if ran.iter().any(|f| f == field) {
            return Err(to_error(
                domain::Error::invalid(
                    "repeated_field",
                    format!("`{field}` só pode ser pedido uma vez por requisição."),
                )
                .into(),
            ));
        }
        ran.push(field.to_owned());
    }
    decide(&gql.state, &gql.tenant, gql.user.as_ref(), rule).await.map_err(to_error)?;
    Ok((gql, gql.user.as_ref()))
}

/// The caller of a field whose rule requires one (the guard already refused anonymous calls).
pub async fn guard_user<'a>(
    ctx: &'a Context<'_>,
    field: &str,
) -> async_graphql::Result<(&'a GqlContext, &'a CurrentUser)> {
    match guard(ctx, field).await? {
        (gql, Some(user)) => Ok((gql, user)),
        (_, None) => Err(to_error(AppError::Unauthorized(crate::error::Unauthorized::NoToken))),
    }
}

/// The extension a rate-limited field's error carries its wait in (seconds).
pub const RETRY_AFTER_EXTENSION: &str = "retryAfter";

/// An application error as a GraphQL error: the message and `code` of [`AppError::describe`]
/// (the same table REST answers from), plus field errors in the extensions.
pub fn to_error(err: AppError) -> async_graphql::Error {
    err.log_if_internal("graphql");
    let described = err.describe();
    let retry_after = err.retry_after();
    async_graphql::Error::new(described.message).extend_with(|_, ext| {
        ext.set("code", described.code);
        if let Some(wait) = retry_after {
            // Read back by the transport into the response's `Retry-After` header.
            ext.set(RETRY_AFTER_EXTENSION, wait.as_secs());
        }
        if !described.fields.is_empty() {
            let list: Vec<async_graphql::Value> = described
                .fields
                .iter()
                .map(|f| {
                    let mut map = async_graphql::indexmap::IndexMap::new();
                    map.insert(async_graphql::Name::new("field"), async_graphql::Value::from(f.field.clone()));
                    map.insert(async_graphql::Name::new("message"), async_graphql::Value::from(f.message.clone()));
                    async_graphql::Value::Object(map)
                })
                .collect();
            ext.set("errors", async_graphql::Value::List(list));
        }
    })
}

/// `?`-friendly conversion for resolvers.
pub trait OrGql<T> {
    fn gql(self) -> async_graphql::Result<T>;
}

impl<T, E: Into<AppError>> OrGql<T> for Result<T, E> {
    fn gql(self) -> async_graphql::Result<T> {
        self.map_err(|e| to_error(e.into()))
    }
}
