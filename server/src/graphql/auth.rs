//! `logIn`, `refreshToken`, `updateUserPassword` and `userInfos`.

use async_graphql::{Context, ErrorExtensions, Object};

use crate::{
    auth::{self, LoginResult, refresh_cookie},
    domain::{roles, users},
    graphql::{
        context::{OrGql, guard, guard_user},
        types::{AuthPayload, TokenPayload, User, WRONG_EMAIL_OR_PASSWORD},
    },
};

#[derive(Default)]
pub struct AuthQuery;

#[Object]
impl AuthQuery {
    /// The caller with role, department and instances.
    async fn user_infos(&self, ctx: &Context<'_>) -> async_graphql::Result<User> {
        let (gql, user) = guard_user(ctx, "userInfos").await?;
        let tx = gql.tenant.read(&gql.state).await.gql()?;
        let view = users::view(&tx, &user.user).await.gql()?;
        tx.end();
        Ok(User::new(view, user.routes.clone()))
    }
}

#[derive(Default)]
pub struct AuthMutation;

#[Object]
impl AuthMutation {
    /// Logs in. With two-factor on, fails with code `two_factor_required` and a `challenge` in
    /// the extensions, to be exchanged at `POST /api/auth/login/two-factor`.
    async fn log_in(
        &self,
        ctx: &Context<'_>,
        email: String,
        password: String,
        remember: Option<bool>,
    ) -> async_graphql::Result<AuthPayload> {
        let (gql, _) = guard(ctx, "logIn").await?;
        let result = match auth::login(&gql.state, &gql.tenant, &gql.addr, email, password, None).await {
            // The alternate login path's own refusal (spec §8); the code is REST's.
            Err(crate::error::AppError::LoginFailed) => {
                return Err(async_graphql::Error::new(WRONG_EMAIL_OR_PASSWORD)
                    .extend_with(|_, ext| ext.set("code", "invalid_credentials")));
            }
            other => other.gql()?,
        };
        let session = match result {
            LoginResult::Session(session) => session,
            LoginResult::TwoFactor { challenge } => {
                return Err(async_graphql::Error::new("Informe o código de verificação.").extend_with(|_, ext| {
                    ext.set("code", "two_factor_required");
                    ext.set("challenge", challenge.clone());
                }));
            }
        };
        let mut cookie = refresh_cookie(&gql.state, session.refresh.token.clone());
        if remember == Some(false) {
            // Not remembered: the cookie ends with the browser session.
            cookie.set_max_age(None);
        }
        gql.set_cookie(cookie);
        let view = payload_user(gql, &session.user, session.routes.clone()).await?;
        Ok(AuthPayload::new(session.access.token, view))
    }

    /// A new access token from the refresh cookie (or the given refresh token).
    async fn refresh_token(
        &self,
        ctx: &Context<'_>,
        refresh_token: Option<String>,
    ) -> async_graphql::Result<TokenPayload> {
        let (gql, _) = guard(ctx, "refreshToken").await?;
        let presented = refresh_token.or_else(|| gql.refresh_cookie.clone());
        let (access, refresh) = auth::refresh(&gql.state, &gql.tenant, &gql.addr, presented).await.gql()?;
        gql.set_cookie(refresh_cookie(&gql.state, refresh.token));
        Ok(TokenPayload { token: access.token })
    }

    /// Changes the caller's password (strength ≥ medium, not the current one), ends every other
    /// session and answers a fresh token. Proof that the caller is the person is required: the
    /// current password (`currentPassword`), or a token from a password login of the last five
    /// minutes (docs/account.md#my-password).
    async fn update_user_password(
        &self,
        ctx: &Context<'_>,
        password: String,
        current_password: Option<String>,
    ) -> async_graphql::Result<AuthPayload> {
        let (gql, user) = guard_user(ctx, "updateUserPassword").await?;
        let (state, tenant, addr) = (&gql.state, &gql.tenant, &gql.addr);
        let session = match current_password {
            // The REST path: its rate limits, its wrong-password count, its "same password" rule.
            Some(current) => auth::change_password(state, tenant, addr, &user.user, &current, &password).await.gql()?,
            None => auth::change_password_after_login(state, tenant, addr, user, &password).await.gql()?,
        };
        gql.set_cookie(refresh_cookie(&gql.state, session.refresh.token.clone()));
        let view = payload_user(gql, &session.user, session.routes.clone()).await?;
        Ok(AuthPayload::new(session.access.token, view))
    }
}

async fn payload_user(
    gql: &crate::graphql::GqlContext,
    user: &crate::entities::tenant::user::Model,
    routes: Vec<String>,
) -> async_graphql::Result<User> {
    let tx = gql.tenant.read(&gql.state).await.gql()?;
    let view = users::view(&tx, user).await.gql()?;
    let routes = if routes.is_empty() { roles::routes_of_role(&tx, user.role_id).await.gql()? } else { routes };
    tx.end();
    Ok(User::new(view, routes))
}
