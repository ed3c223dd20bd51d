//! Users of a tenant: creation within the plan's `userLimit` (atomically), changes, soft delete,
//! unblocking, passwords, and the API's views of them.

/// A person's own password and the administrator's temporary password.
pub mod account;
/// Bulk users from a spreadsheet (CLI `users import`).
pub mod import;
/// Ending every session of a user (blocked, deleted, new password, replayed refresh token).
pub mod sessions;
/// Online, ausente or offline (issue 46).
pub mod status;
mod views;
mod write;

use std::collections::{HashMap, HashSet};

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult, IntoActiveModel,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

pub use views::{
    DepartmentView, InstanceView, RoleView, UserFormOptions, UserInstanceView, UserView, apply_presence, form_options,
    own_view, view, views,
};
pub use write::{NewUser, UserChanges, create, update};

use crate::{
    domain::{
        error::{Error, Result},
        pages::{Page, Pagination},
        sql::Binder,
    },
    domain::{
        events::{DomainEvent, Raised},
        unit::Unit,
    },
    entities::tenant::user,
};

/// The largest page of users anyone may ask for.
pub const MAX_PAGE_SIZE: u64 = 100;

/// Normalizes and checks an email address; the message is for people.
pub fn parse_email(raw: &str) -> std::result::Result<String, &'static str> {
    let email = raw.trim().to_lowercase();
    let valid = email.len() <= 254
        && !email.chars().any(char::is_whitespace)
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !domain.contains("..")
        });
    if valid { Ok(email) } else { Err("Informe um email válido.") }
}

pub(crate) const WEAK_PASSWORD: &str =
    "Senha fraca: use ao menos 8 caracteres, sem repetições (aaa) nem sequências (123, abc).";

/// A user by email (not deleted).
pub async fn find_by_email(db: &impl ConnectionTrait, email: &str) -> Result<Option<user::Model>> {
    Ok(user::Entity::find()
        .filter(user::Column::Email.eq(email.trim().to_lowercase()))
        .filter(user::Column::DeletedAt.is_null())
        .one(db)
        .await?)
}

/// A user by id (not deleted), or 404. Ids of other tenants are simply absent here.
pub async fn find(db: &impl ConnectionTrait, id: i32) -> Result<user::Model> {
    user::Entity::find_by_id(id)
        .filter(user::Column::DeletedAt.is_null())
        .one(db)
        .await?
        .ok_or_else(|| Error::not_found("user_not_found", "Usuário não encontrado."))
}

/// A person by id (not deleted), or 404: what the users screens manage. An API token's principal
/// is changed and revoked only through its token (docs/api-tokens.md).
pub async fn find_person(db: &impl ConnectionTrait, id: i32) -> Result<user::Model> {
    let found = find(db, id).await?;
    if found.kind != "person" {
        return Err(Error::not_found("user_not_found", "Usuário não encontrado."));
    }
    Ok(found)
}

/// The oldest active (not deleted, not blocked) administrator, if any.
pub async fn first_administrator(db: &impl ConnectionTrait) -> Result<Option<user::Model>> {
    use crate::{domain::templates::ADMIN_ROLE, entities::tenant::role};
    let Some(admin_role) = role::Entity::find().filter(role::Column::Name.eq(ADMIN_ROLE)).one(db).await? else {
        return Ok(None);
    };
    Ok(user::Entity::find()
        .filter(user::Column::RoleId.eq(admin_role.id))
        .filter(user::Column::DeletedAt.is_null())
        .filter(user::Column::BlockedAt.is_null())
        .order_by_asc(user::Column::Id)
        .one(db)
        .await?)
}

/// What part of the user list to read.
#[derive(Debug, Clone)]
pub struct ListQuery {
    pub search: Option<String>,
    pub page: u64,
    pub limit: u64,
    /// The total this search had when last counted, if the caller remembers it (see [`KnownTotal`]).
    pub known_total: Option<KnownTotal>,
}

impl Default for ListQuery {
    fn default() -> Self {
        Self { search: None, page: 1, limit: 20, known_total: None }
    }
}

impl ListQuery {
    /// The search as the list applies it (trimmed, lower-cased, on one line); `None` lists everyone.
    pub fn needle(&self) -> Option<String> {
        let search = self.search.as_deref().map(str::trim).filter(|s| !s.is_empty())?;
        Some(search.to_lowercase().replace(['\n', '\r'], " "))
    }
}

/// How many users a search matched, and the tenant's `users_changes` counter when they were
/// counted (migration m20261204_000020). While the counter holds that value no user was added,
/// renamed or deleted, so the number still stands: the page's statement asks the counter and
/// counts again only when it moved — the count was most of a searched page's time, and every
/// page of one search repeated it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownTotal {
    pub changes: i64,
    pub total: u64,
}

/// A page of users (not deleted), by name; `search` matches name, email or username.
pub async fn list(db: &impl ConnectionTrait, query: &ListQuery) -> Result<Page<UserView>> {
    Ok(list_counted(db, query).await?.0)
}

/// [`list`], with the searched total and the counter it holds for (to remember for the next page).
pub async fn list_counted(
    db: &impl ConnectionTrait,
    query: &ListQuery,
) -> Result<(Page<UserView>, Option<KnownTotal>)> {
    let limit = query.limit.clamp(1, MAX_PAGE_SIZE);
    let page = Ord::max(query.page, 1);
    let backend = db.get_database_backend();
    let needle = query.needle();
    let where_clause = |b: &mut Binder| {
        // People only: an API token's principal is managed on the tokens screen. The same words as
        // the covering index's predicate and the kept count's (m20270107_000054), so the index
        // answers the list alone on both backends.
        let mut filter = String::from("deleted_at IS NULL AND kind = 'person'");
        if let Some(needle) = &needle {
            // `users.search` holds name, email and username lower-cased, one per line (migration
            // m20261202_000017): a byte substring test on one column of the covering index, where
            // `ILIKE` over three columns case-folded every string with the locale's rules.
            let needle = b.p(needle.clone());
            let position = if backend == DbBackend::Postgres { "strpos" } else { "instr" };
            filter.push_str(&format!(" AND {position}(search, {needle}) > 0"));
        }
        filter
    };
    // One statement (each statement on SQLite is a hand-off to the connection's thread:
    // docs/performance.md#hot-path): the total as an uncorrelated subquery (evaluated once: the
    // kept count, the remembered total while the change counter has not moved, or the matches
    // from the covering index), the page's ids from the same index (it stops at its last match),
    // and only the page's rows, joined to what their views show, with their instance links as
    // JSON. (A `COUNT(*) OVER ()` window is slower: SQLite materializes and sorts every match
    // before the LIMIT.)
    let mut b = Binder::new(backend);
    let filter = where_clause(&mut b);
    let total = total_sql(&mut b, needle.is_some().then_some(query.known_total), &filter);
    // The page's numbers in the text, not bound: PostgreSQL re-plans a statement with a bound
    // LIMIT on every execution (domain::pages); they are integers the server computed.
    let (offset, size) = ((page - 1).saturating_mul(limit), limit);
    let links = views::links_json_sql(backend);
    let changes = changes_sql();
    let page_sql = format!(
        "SELECT u.*, r.name AS role_name, r.display_name AS role_display_name, d.name AS department_name, \
         d.activated AS department_activated, COALESCE(s.two_factor_enabled, FALSE) AS two_factor, \
         {links} AS instance_links, CAST(({total}) AS BIGINT) AS total, ({changes}) AS changes \
         FROM (SELECT id FROM users WHERE {filter} ORDER BY name, id LIMIT {size} OFFSET {offset}) p \
         JOIN users u ON u.id = p.id LEFT JOIN roles r ON r.id = u.role_id \
         LEFT JOIN departments d ON d.id = u.department_id LEFT JOIN user_settings s ON s.user_id = u.id \
         ORDER BY u.name, u.id"
    );
    let rows = db.query_all_raw(b.statement(page_sql)).await?;
    let (mut users, mut roles, mut departments, mut two_factor, mut links) =
        (Vec::with_capacity(rows.len()), HashMap::new(), HashMap::new(), HashMap::new(), HashMap::new());
    let mut counted = None;
    for row in &rows {
        let user = user::Model::from_query_result(row, "")?;
        counted = Some(counted_from(row)?);
        if let Some(name) = row.try_get::<Option<String>>("", "role_name")? {
            let display_name = row.try_get::<Option<String>>("", "role_display_name")?.unwrap_or_default();
            roles.insert(
                user.role_id,
                RoleView { id: user.role_id, name, display_name, has_permission_routes: Vec::new() },
            );
        }
        if let (Some(id), Some(name)) = (user.department_id, row.try_get::<Option<String>>("", "department_name")?) {
            let activated = row.try_get::<Option<bool>>("", "department_activated")?.unwrap_or(true);
            departments.insert(id, DepartmentView { id, name, activated });
        }
        two_factor.insert(user.id, row.try_get::<bool>("", "two_factor")?);
        let json = row.try_get::<Option<String>>("", "instance_links")?;
        links.insert(user.id, views::links_from_json(json.as_deref()));
        users.push(user);
    }
    views::with_routes(db, roles.values_mut()).await?;
    // A page past the end has no row to carry the count.
    let (total, changes) = match counted {
        Some(counted) => counted,
        None => {
            let mut b = Binder::new(backend);
            let filter = where_clause(&mut b);
            let total = total_sql(&mut b, needle.is_some().then_some(query.known_total), &filter);
            let sql = format!("SELECT CAST(({total}) AS BIGINT) AS total, ({}) AS changes", changes_sql());
            match db.query_one_raw(b.statement(sql)).await? {
                Some(row) => counted_from(&row)?,
                None => (0, None),
            }
        }
    };
    let known = match (&needle, changes) {
        (Some(_), Some(changes)) => Some(KnownTotal { changes, total }),
        _ => None,
    };
    let page = Page {
        data: users.iter().map(|u| views::assemble(u, &roles, &departments, &two_factor, &links)).collect(),
        pagination: Pagination { page, limit, total, pages: total.div_ceil(limit) },
    };
    Ok((page, known))
}

/// The change counter of the users a search reads (`NULL` in a database that lacks it: then
/// nothing is remembered and every page counts).
fn changes_sql() -> String {
    format!("SELECT value FROM tenant_counters WHERE name = '{}'", tenant_migrations::USER_CHANGES)
}

/// A row's `total` and `changes` columns.
fn counted_from(row: &sea_orm::QueryResult) -> Result<(u64, Option<i64>)> {
    let total = u64::try_from(row.try_get::<i64>("", "total")?).unwrap_or(0);
    Ok((total, row.try_get::<Option<i64>>("", "changes")?))
}

/// How many users a list matches: without a search (`searched` is `None`), the count the triggers
/// keep (migration m20261202_000018; counting read every user row on each page); with one, the
/// remembered total while the change counter still holds its value, else the matches. The CASE
/// evaluates its subqueries only when reached (SQLite's once-only subroutines, PostgreSQL's lazy
/// InitPlans): a remembered total costs one lookup by primary key.
fn total_sql(b: &mut Binder, searched: Option<Option<KnownTotal>>, filter: &str) -> String {
    match searched {
        None => format!("SELECT value FROM tenant_counters WHERE name = '{}'", tenant_migrations::LIVE_USERS),
        Some(None) => format!("SELECT COUNT(*) FROM users WHERE {filter}"),
        Some(Some(known)) => {
            let (changes, total) = (b.p(known.changes), b.p(i64::try_from(known.total).unwrap_or(i64::MAX)));
            format!(
                "SELECT CASE WHEN ({}) = {changes} THEN {total} \
                 ELSE (SELECT COUNT(*) FROM users WHERE {filter}) END",
                changes_sql()
            )
        }
    }
}

/// How many two-factor recovery codes are left: the stored value is a JSON array of their digests
/// (written by `auth::two_factor`), and reading the user's record is counting them.
pub fn recovery_codes_left(digests: Option<&str>) -> usize {
    digests.and_then(|json| serde_json::from_str::<Vec<String>>(json).ok()).map_or(0, |left| left.len())
}

/// Whether a user is blocked now: a block from wrong passwords ends by itself at `locked_until`;
/// one without an end lasts until someone unblocks the user.
pub fn is_blocked(user: &user::Model, now: chrono::DateTime<Utc>) -> bool {
    user.blocked_at.is_some() && user.locked_until.is_none_or(|until| until > now)
}

/// Unblocks a user blocked by failed logins (or by an administrator), and forgets earlier blocks.
pub async fn unblock(unit: &Unit, id: i32) -> Result<user::Model> {
    let db = unit;
    let found = find_person(db, id).await?;
    let mut active = found.into_active_model();
    active.blocked_at = Set(None);
    active.locked_until = Set(None);
    active.lockouts = Set(0);
    active.failed_logins = Set(0);
    active.updated_at = Set(Utc::now());
    let unblocked = active.update(db).await?;
    unit.raise(Raised::AuthChanged { user_id: Some(id), entitlement: false });
    Ok(unblocked)
}

/// Unblocks the user with this email (operators unblock people of any tenant by email).
pub async fn unblock_by_email(unit: &Unit, email: &str) -> Result<user::Model> {
    let found = find_by_email(unit, email)
        .await?
        .ok_or_else(|| Error::not_found("user_not_found", "Usuário não encontrado nesta empresa."))?;
    unblock(unit, found.id).await
}

/// Soft-deletes a user: their history stays (tickets, messages), their sessions end, and their
/// email and username are freed for a new account. Nobody deletes themselves.
pub async fn delete(unit: &Unit, id: i32, actor_id: i32) -> Result<()> {
    if id == actor_id {
        return Err(Error::invalid("cannot_delete_self", "Você não pode excluir o seu próprio usuário."));
    }
    let found = find_person(unit, id).await?;
    self::sessions::end_all(unit, id).await?;
    let mut active = found.clone().into_active_model();
    // Unique columns keep a tombstone so the address can be used again.
    active.email = Set(tombstone(id, &found.email));
    active.username = Set(tombstone(id, &found.username));
    active.deleted_at = Set(Some(Utc::now()));
    active.is_connected = Set(false);
    active.updated_at = Set(Utc::now());
    active.update(unit).await?;
    Ok(())
}

fn tombstone(id: i32, value: &str) -> String {
    format!("deleted-{id}-{value}").chars().take(250).collect()
}

/// Marks a user connected or disconnected (docs/contracts.md#states-and-transitions user connection)
/// and tells managers and the user (`UserConnected` / `UserDisconnected`, and `UserStatusChanged`):
/// the specification's two states are the agent statuses online and offline
/// ([`status::set`]).
pub async fn set_connected(unit: &Unit, id: i32, connected: bool) -> Result<()> {
    let chosen = if connected { status::AgentStatus::Online } else { status::AgentStatus::Offline };
    status::set(unit, id, chosen, None).await?;
    Ok(())
}

/// A user became available for chats (`connected`, or logging in).
#[derive(Debug, Clone, serde::Serialize)]
pub struct UserConnected {
    pub user_id: i32,
}

impl DomainEvent for UserConnected {
    const NAME: &'static str = "UserConnected";
}

/// A user became away (`disconnected`, or an administrator's `disconnectUser`).
#[derive(Debug, Clone, serde::Serialize)]
pub struct UserDisconnected {
    pub user_id: i32,
}

impl DomainEvent for UserDisconnected {
    const NAME: &'static str = "UserDisconnected";
}

/// Active users of the tenant; functional users included (they hold a seat), API tokens'
/// principals not (an integration is not a seat: docs/api-tokens.md).
pub async fn count_active(db: &impl ConnectionTrait) -> Result<u64> {
    Ok(user::Entity::find()
        .filter(user::Column::DeletedAt.is_null())
        .filter(user::Column::Kind.eq("person"))
        .select_only()
        .column(user::Column::Id)
        .count(db)
        .await?)
}

/// Online users linked to an instance (chat transfer targets), except `except_user`. Online means
/// both: a realtime socket open on some replica (`with_socket`, from the bus's presence), and
/// available (`is_connected`: set at login, cleared at logout, toggled by the `connected` /
/// `disconnected` mutations) and not ausente. A user who closed the browser without logging out has no socket.
pub async fn online(
    db: &impl ConnectionTrait,
    with_socket: &HashSet<i32>,
    except_user: Option<i32>,
    instance_id: Option<i32>,
) -> Result<Vec<UserView>> {
    use crate::entities::tenant::user_instance;
    if with_socket.is_empty() {
        return Ok(Vec::new());
    }
    let mut query = user::Entity::find()
        .filter(user::Column::Id.is_in(with_socket.iter().copied()))
        .filter(user::Column::DeletedAt.is_null())
        .filter(user::Column::IsConnected.eq(true))
        // Ausente: connected, but not offered work (status.rs).
        .filter(user::Column::Away.eq(false))
        .filter(user::Column::BlockedAt.is_null());
    if let Some(id) = except_user {
        query = query.filter(user::Column::Id.ne(id));
    }
    if let Some(instance_id) = instance_id {
        let linked: Vec<i32> = user_instance::Entity::find()
            .select_only()
            .column(user_instance::Column::UserId)
            .filter(user_instance::Column::InstanceId.eq(instance_id))
            .into_tuple()
            .all(db)
            .await?;
        query = query.filter(user::Column::Id.is_in(linked));
    }
    let found = query.order_by_asc(user::Column::Name).limit(MAX_PAGE_SIZE).all(db).await?;
    views(db, &found).await
}

/// Removes one user-instance link by its id.
pub async fn delete_instance_link(unit: &Unit, link_id: i32) -> Result<()> {
    use crate::entities::tenant::user_instance;
    let link = user_instance::Entity::find_by_id(link_id).one(unit).await?;
    // An API token's links are its restriction: changed only by revoking the token.
    if let Some(link) = &link
        && find(unit, link.user_id).await.is_ok_and(|owner| owner.kind != "person")
    {
        return Err(Error::not_found("user_instance_not_found", "Vínculo de instância não encontrado."));
    }
    let removed = user_instance::Entity::delete_by_id(link_id).exec(unit).await?;
    unit.raise(Raised::AuthChanged { user_id: link.map(|l| l.user_id), entitlement: true });
    if removed.rows_affected == 0 {
        return Err(Error::not_found("user_instance_not_found", "Vínculo de instância não encontrado."));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_normalized_and_checked() {
        assert_eq!(parse_email("  Ana.Souza@Demo.Example "), Ok("ana.souza@demo.example".into()));
        for bad in ["", "ana", "ana@", "@x.com", "ana@x", "a b@x.com", "ana@x..com", "a@b@c.com"] {
            assert!(parse_email(bad).is_err(), "{bad}");
        }
    }
}
