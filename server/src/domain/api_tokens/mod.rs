//! API tokens (issue 47, docs/api-tokens.md, decision 210): how an integration — an ERP, a store,
//! n8n — calls the API without a person's password.
//!
//! A token acts through its own principal: a user of kind `integration`, named after the token,
//! created with it. The principal's role is the token's scope (the role-route matrix every screen
//! already edits), its instance links and department its restriction (none: every instance), so
//! the one access decision (route, feature, tenant) and the inbox's entitlement apply to a token
//! exactly as to a person, and everything it does is attributed to it by name. The principal
//! cannot log in (no one knows its password; the login refuses its kind), holds no seat of the
//! plan, never opens a socket and is offered no work.
//!
//! The secret is `bo_` and 40 random characters (240 bits), shown once; the server keeps its
//! SHA-256 — a value that random needs no slow hash, and the lookup is by it.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use crate::{
    domain::{
        error::{Error, FieldError, Result},
        events::Raised,
        passwords,
        unit::Unit,
    },
    entities::tenant::{api_token, department, instance, role, user, user_instance, user_setting},
    random::{random_string, random_token},
};

/// What every token starts with: a secret scanner, a log reviewer and the server itself tell a
/// token from a session's JWT by it.
pub const PREFIX: &str = "bo_";
/// Random characters after the prefix (base62: about 238 bits).
const SECRET_LENGTH: usize = 40;
/// Characters of the token kept in the clear to recognise it (`bo_` and 6).
const SHOWN: usize = 9;
/// The kind of user a token's principal is.
pub const INTEGRATION: &str = "integration";
/// The longest name.
pub const MAX_NAME: usize = 80;
/// The furthest expiry: two years.
const MAX_DAYS: i64 = 730;
/// The last use is written at most this often per token (a busy integration would otherwise
/// write a row per request).
const TOUCH_EVERY_SECONDS: i64 = 60;

/// A token to create.
#[derive(Debug, Clone, Default)]
pub struct NewToken {
    pub name: String,
    /// The role whose routes the token may call.
    pub role_id: i32,
    /// The instances whose conversations it sees (empty: all).
    pub instance_ids: Vec<i32>,
    /// With instances: the department it serves, as a person linked to them would.
    pub department_id: Option<i32>,
    pub expires_at: Option<DateTime<Utc>>,
}

/// A token as its list shows it (never its secret).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenView {
    pub id: i32,
    pub name: String,
    /// Os primeiros caracteres do token (`bo_Ab3dE9`), para reconhecê-lo.
    pub prefix: String,
    /// O usuário de integração por meio do qual o token age (o autor do que ele faz).
    pub user_id: i32,
    pub role_id: i32,
    pub role_name: String,
    /// As instâncias a que se restringe (vazio: todas).
    pub instance_ids: Vec<i32>,
    pub department_id: Option<i32>,
    /// `active`, `expired` ou `revoked`.
    pub status: String,
    #[schema(value_type = Option<String>)]
    pub expires_at: Option<DateTime<Utc>>,
    #[schema(value_type = Option<String>)]
    pub last_used_at: Option<DateTime<Utc>>,
    pub last_used_ip: Option<String>,
    pub created_by: Option<String>,
    #[schema(value_type = String)]
    pub created_at: DateTime<Utc>,
    #[schema(value_type = Option<String>)]
    pub revoked_at: Option<DateTime<Utc>>,
}

/// A token just created: its view and, this once, its secret.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedToken {
    #[serde(flatten)]
    pub view: TokenView,
    /// O token: mostrado só agora, guarde-o.
    pub token: String,
}

/// Whether a bearer is an API token (else a session's JWT).
pub fn is_api_token(bearer: &str) -> bool {
    bearer.starts_with(PREFIX)
}

/// The stored form of a token.
pub fn hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

fn status(token: &api_token::Model, now: DateTime<Utc>) -> &'static str {
    if token.revoked_at.is_some() {
        "revoked"
    } else if token.expires_at.is_some_and(|at| at <= now) {
        "expired"
    } else {
        "active"
    }
}

/// Checks and creates a token, its principal with the role, instances and department asked for.
pub async fn create(unit: &Unit, new: NewToken, created_by: i32) -> Result<CreatedToken> {
    let now = Utc::now();
    let mut fields = Vec::new();
    let name = new.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > MAX_NAME {
        fields.push(FieldError::new("name", format!("Dê um nome ao token (até {MAX_NAME} caracteres).")));
    }
    if role::Entity::find_by_id(new.role_id).one(unit).await?.is_none() {
        fields.push(FieldError::new("roleId", "O perfil escolhido não existe."));
    }
    let mut instance_ids = new.instance_ids.clone();
    instance_ids.sort_unstable();
    instance_ids.dedup();
    let found = instance::Entity::find()
        .select_only()
        .column(instance::Column::Id)
        .filter(instance::Column::Id.is_in(instance_ids.clone()))
        .into_tuple::<i32>()
        .all(unit)
        .await?;
    if found.len() != instance_ids.len() {
        fields.push(FieldError::new("instanceIds", "Uma ou mais instâncias escolhidas não existem."));
    }
    if let Some(id) = new.department_id {
        if instance_ids.is_empty() {
            fields.push(FieldError::new(
                "departmentId",
                "Um departamento só restringe um token restrito a instâncias: escolha as instâncias.",
            ));
        } else if department::Entity::find_by_id(id).one(unit).await?.is_none() {
            fields.push(FieldError::new("departmentId", "O departamento escolhido não existe."));
        }
    }
    if let Some(at) = new.expires_at
        && (at <= now || at > now + Duration::days(MAX_DAYS))
    {
        fields.push(FieldError::new("expiresAt", "A validade vai de agora até dois anos à frente."));
    }
    if let Some(first) = fields.first() {
        let message = first.message.clone();
        return Err(Error::Invalid { code: "invalid_api_token", message, fields });
    }

    // The principal: a user no one can log in as (its password is random and never shown, and
    // the login refuses its kind), unique by a random handle.
    let handle = random_string(b"abcdefghijklmnopqrstuvwxyz0123456789", 12);
    let principal = user::ActiveModel {
        name: Set(name.clone()),
        username: Set(format!("token-{handle}")),
        email: Set(format!("token-{handle}@tokens.invalid")),
        password_hash: Set(passwords::hash(passwords::NEW_ACCOUNTS, &random_token(32)).await),
        role_id: Set(new.role_id),
        department_id: Set(new.department_id),
        is_connected: Set(false),
        is_functional: Set(true),
        kind: Set(INTEGRATION.into()),
        failed_logins: Set(0),
        valid_after: Set(now),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    user_setting::ActiveModel {
        user_id: Set(principal.id),
        two_factor_enabled: Set(false),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    for instance_id in &instance_ids {
        user_instance::ActiveModel { user_id: Set(principal.id), instance_id: Set(*instance_id), ..Default::default() }
            .insert(unit)
            .await?;
    }
    let secret = format!(
        "{PREFIX}{}",
        random_string(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", SECRET_LENGTH)
    );
    let stored = api_token::ActiveModel {
        name: Set(name),
        user_id: Set(principal.id),
        prefix: Set(secret[..SHOWN].to_owned()),
        secret_hash: Set(hash(&secret)),
        restricted: Set(!instance_ids.is_empty()),
        expires_at: Set(new.expires_at),
        created_by: Set(Some(created_by)),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    let view = views(unit, vec![stored]).await?.remove(0);
    Ok(CreatedToken { view, token: secret })
}

/// Every token of the tenant, the newest first (a tenant has a handful: no pages).
pub async fn list(db: &impl ConnectionTrait) -> Result<Vec<TokenView>> {
    let tokens = api_token::Entity::find().order_by_desc(api_token::Column::Id).all(db).await?;
    views(db, tokens).await
}

/// Revokes a token: from the next request on it answers 401. The principal stays, so what the
/// token did keeps its author.
pub async fn revoke(unit: &Unit, id: i32, by: i32) -> Result<TokenView> {
    let found = api_token::Entity::find_by_id(id)
        .one(unit)
        .await?
        .ok_or_else(|| Error::not_found("api_token_not_found", "Token não encontrado."))?;
    let done = match found.revoked_at {
        Some(_) => found,
        None => {
            let mut active: api_token::ActiveModel = found.into();
            active.revoked_at = Set(Some(Utc::now()));
            active.revoked_by = Set(Some(by));
            let done = active.update(unit).await?;
            unit.raise(Raised::AuthChanged { user_id: Some(done.user_id), entitlement: true });
            done
        }
    };
    Ok(views(unit, vec![done]).await?.remove(0))
}

/// The token a bearer is, when it is one of this tenant's and still valid: `Err(true)` when it
/// expired (the 401 then says so), `Err(false)` when it is unknown or revoked.
pub async fn find_valid(
    db: &impl ConnectionTrait,
    bearer: &str,
    now: DateTime<Utc>,
) -> Result<std::result::Result<api_token::Model, bool>> {
    let found = api_token::Entity::find().filter(api_token::Column::SecretHash.eq(hash(bearer))).one(db).await?;
    Ok(match found {
        Some(token) if status(&token, now) == "active" => Ok(token),
        Some(token) if status(&token, now) == "expired" => Err(true),
        _ => Err(false),
    })
}

/// Whether the last use should be written now (at most once a minute, or from a new address).
pub fn wants_touch(token: &api_token::Model, ip: &str, now: DateTime<Utc>) -> bool {
    token.last_used_ip.as_deref() != Some(ip)
        || token.last_used_at.is_none_or(|at| now - at >= Duration::seconds(TOUCH_EVERY_SECONDS))
}

/// Writes the token's last use.
pub async fn touch(db: &impl ConnectionTrait, id: i32, ip: &str, now: DateTime<Utc>) -> Result<()> {
    api_token::Entity::update_many()
        .col_expr(api_token::Column::LastUsedAt, sea_orm::sea_query::Expr::value(now))
        .col_expr(api_token::Column::LastUsedIp, sea_orm::sea_query::Expr::value(ip.to_owned()))
        .filter(api_token::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

async fn views(db: &impl ConnectionTrait, tokens: Vec<api_token::Model>) -> Result<Vec<TokenView>> {
    let now = Utc::now();
    let principals: Vec<i32> = tokens.iter().map(|t| t.user_id).collect();
    let creators: Vec<i32> = tokens.iter().filter_map(|t| t.created_by).collect();
    let people = user::Entity::find()
        .filter(user::Column::Id.is_in(principals.iter().chain(creators.iter()).copied()))
        .all(db)
        .await?;
    let roles = role::Entity::find().all(db).await?;
    let links: Vec<(i32, i32)> = user_instance::Entity::find()
        .select_only()
        .column(user_instance::Column::UserId)
        .column(user_instance::Column::InstanceId)
        .filter(user_instance::Column::UserId.is_in(principals))
        .order_by_asc(user_instance::Column::InstanceId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(tokens
        .into_iter()
        .map(|token| {
            let principal = people.iter().find(|u| u.id == token.user_id);
            let role_id = principal.map(|p| p.role_id).unwrap_or_default();
            TokenView {
                id: token.id,
                name: token.name.clone(),
                prefix: token.prefix.clone(),
                user_id: token.user_id,
                role_id,
                role_name: roles.iter().find(|r| r.id == role_id).map(|r| r.name.clone()).unwrap_or_default(),
                instance_ids: links.iter().filter(|(u, _)| *u == token.user_id).map(|(_, i)| *i).collect(),
                department_id: principal.and_then(|p| p.department_id),
                status: status(&token, now).into(),
                expires_at: token.expires_at,
                last_used_at: token.last_used_at,
                last_used_ip: token.last_used_ip.clone(),
                created_by: token.created_by.and_then(|id| people.iter().find(|u| u.id == id)).map(|u| u.name.clone()),
                created_at: token.created_at,
                revoked_at: token.revoked_at,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_told_from_a_jwt_and_kept_as_its_sha256() {
        assert!(is_api_token("bo_abc"));
        assert!(!is_api_token("eyJhbGciOiJIUzI1NiJ9.e30.x"));
        assert_eq!(hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn the_last_use_is_written_once_a_minute_or_from_a_new_address() {
        let now = Utc::now();
        let token = api_token::Model {
            id: 1,
            name: "ERP".into(),
            user_id: 2,
            prefix: "bo_abcdef".into(),
            secret_hash: String::new(),
            restricted: false,
            expires_at: None,
            last_used_at: Some(now - Duration::seconds(10)),
            last_used_ip: Some("10.0.0.1".into()),
            created_by: None,
            created_at: now,
            revoked_at: None,
            revoked_by: None,
        };
        assert!(!wants_touch(&token, "10.0.0.1", now));
        assert!(wants_touch(&token, "10.0.0.2", now));
        assert!(wants_touch(&token, "10.0.0.1", now + Duration::seconds(60)));
    }
}
