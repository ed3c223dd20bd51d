//! How users are shown by the API: docs/contracts.md#entities-and-storage-keys fields, never the password. Lists load roles,
//! departments, instance links and two-factor state for a whole page in four queries.

use std::collections::HashMap;

use sea_orm::{ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter};

use crate::{
    domain::{catalogue, error::Result, sql::Binder},
    entities::tenant::{department, instance, permission, role, role_permission, user, user_instance, user_setting},
};

/// A role as nested in a user (docs/contracts.md#entities-and-storage-keys Role).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct RoleView {
    pub id: i32,
    pub name: String,
    pub display_name: String,
    /// The route names the role permits, in catalogue order (the spec's `Role`).
    pub has_permission_routes: Vec<String>,
}

impl RoleView {
    fn of(role: role::Model) -> Self {
        Self { id: role.id, name: role.name, display_name: role.display_name, has_permission_routes: Vec::new() }
    }
}

/// Fills each role's `has_permission_routes` with one query for all of them.
pub(super) async fn with_routes<'a>(
    db: &impl ConnectionTrait,
    roles: impl IntoIterator<Item = &'a mut RoleView>,
) -> Result<()> {
    use sea_orm::{JoinType, QuerySelect, RelationTrait};
    let mut roles: Vec<&mut RoleView> = roles.into_iter().collect();
    if roles.is_empty() {
        return Ok(());
    }
    let ids: Vec<i32> = roles.iter().map(|r| r.id).collect();
    let links: Vec<(i32, String)> = role_permission::Entity::find()
        .select_only()
        .column(role_permission::Column::RoleId)
        .column(permission::Column::RouteName)
        .join(JoinType::InnerJoin, role_permission::Relation::Permission.def())
        .filter(role_permission::Column::RoleId.is_in(ids))
        .into_tuple()
        .all(db)
        .await?;
    for role in &mut roles {
        role.has_permission_routes = catalogue::route_names()
            .filter(|name| links.iter().any(|(id, route)| *id == role.id && route == name))
            .map(str::to_owned)
            .collect();
    }
    Ok(())
}

/// A department as nested in a user.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[schema(as = UserDepartmentView)]
pub struct DepartmentView {
    pub id: i32,
    pub name: String,
    pub activated: bool,
}

/// An instance as nested in a user-instance link.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[schema(as = UserInstanceRef)]
pub struct InstanceView {
    pub id: i32,
    pub name: String,
    pub activated: bool,
}

/// A user-instance link (docs/contracts.md#entities-and-storage-keys: id, instance).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct UserInstanceView {
    pub id: i32,
    pub instance: InstanceView,
}

/// A user as the API shows it (docs/contracts.md#entities-and-storage-keys User; never the password).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: i32,
    pub name: String,
    pub username: String,
    pub email: String,
    pub image: Option<String>,
    pub role: Option<RoleView>,
    pub is_connected: bool,
    /// Connected but "ausente" (docs/service-levels.md#agent-status): offered no new work.
    pub away: bool,
    pub user_department: Option<DepartmentView>,
    pub user_instances: Vec<UserInstanceView>,
    pub is_functional: bool,
    pub blocked: bool,
    pub two_factor_enabled: bool,
    /// An administrator set a temporary password the person has not replaced yet.
    pub must_change_password: bool,
    /// Two-factor recovery codes left; only in the person's own view (`userInfo`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recovery_codes_left: Option<usize>,
}

/// A user with role, department, instances and two-factor state.
pub async fn view(db: &impl ConnectionTrait, user: &user::Model) -> Result<UserView> {
    Ok(views(db, std::slice::from_ref(user)).await?.remove(0))
}

/// The caller's own view: [`view`] with the recovery codes left; the role comes from the
/// caller's cached auth state (who-am-I is called on every screen).
pub async fn own_view(db: &impl ConnectionTrait, user: &user::Model, role: Option<&role::Model>) -> Result<UserView> {
    // One statement: who-am-I is asked on every page load (docs/performance.md#hot-path).
    let backend = db.get_database_backend();
    let mut b = Binder::new(backend);
    let id = b.p(user.id);
    let sql = format!(
        "SELECT s.two_factor_enabled, s.recovery_codes, d.id AS department_id, d.name AS department_name, \
         d.activated AS department_activated, {} AS instance_links FROM users u \
         LEFT JOIN user_settings s ON s.user_id = u.id LEFT JOIN departments d ON d.id = u.department_id \
         WHERE u.id = {id}",
        links_json_sql(backend)
    );
    let row = db.query_one_raw(b.statement(sql)).await?;
    let (mut two_factor, mut recovery_codes, mut departments, mut links) =
        (false, None, HashMap::new(), HashMap::new());
    if let Some(row) = row {
        two_factor = row.try_get::<Option<bool>>("", "two_factor_enabled")?.unwrap_or(false);
        recovery_codes = row.try_get::<Option<String>>("", "recovery_codes")?;
        if let (Some(id), Some(name)) =
            (row.try_get::<Option<i32>>("", "department_id")?, row.try_get::<Option<String>>("", "department_name")?)
        {
            let activated = row.try_get::<Option<bool>>("", "department_activated")?.unwrap_or(true);
            departments.insert(id, DepartmentView { id, name, activated });
        }
        links.insert(user.id, links_from_json(row.try_get::<Option<String>>("", "instance_links")?.as_deref()));
    }
    let left = if two_factor { super::recovery_codes_left(recovery_codes.as_deref()) } else { 0 };
    let mut roles: HashMap<i32, RoleView> = role.map(|r| (r.id, RoleView::of(r.clone()))).into_iter().collect();
    with_routes(db, roles.values_mut()).await?;
    let mut view = assemble(user, &roles, &departments, &HashMap::from([(user.id, two_factor)]), &links);
    view.recovery_codes_left = Some(left);
    Ok(view)
}

/// A correlated subquery of the instance links of the user `u` as a JSON array (read by
/// [`links_from_json`]): one statement answers a page of users with their links.
pub(super) fn links_json_sql(backend: DbBackend) -> &'static str {
    match backend {
        DbBackend::Postgres => {
            "(SELECT COALESCE(json_agg(json_build_object('id', ui.id, 'instance', i.id, 'name', i.name, \
             'activated', i.activated)), '[]'::json)::text FROM user_instances ui JOIN instances i ON i.id = ui.instance_id \
             WHERE ui.user_id = u.id)"
        }
        _ => {
            "(SELECT json_group_array(json_object('id', ui.id, 'instance', i.id, 'name', i.name, \
             'activated', i.activated)) FROM user_instances ui JOIN instances i ON i.id = ui.instance_id \
             WHERE ui.user_id = u.id)"
        }
    }
}

/// Views of several users, in their order, with a fixed number of queries.
pub async fn views(db: &impl ConnectionTrait, users: &[user::Model]) -> Result<Vec<UserView>> {
    let ids: Vec<i32> = users.iter().map(|u| u.id).collect();
    let role_ids: Vec<i32> = users.iter().map(|u| u.role_id).collect();
    let department_ids: Vec<i32> = users.iter().filter_map(|u| u.department_id).collect();
    let mut roles: HashMap<i32, RoleView> = role::Entity::find()
        .filter(role::Column::Id.is_in(role_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|r| (r.id, RoleView::of(r)))
        .collect();
    with_routes(db, roles.values_mut()).await?;
    let departments: HashMap<i32, DepartmentView> = department::Entity::find()
        .filter(department::Column::Id.is_in(department_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|d| (d.id, DepartmentView { id: d.id, name: d.name, activated: d.activated }))
        .collect();
    let two_factor: HashMap<i32, bool> = user_setting::Entity::find()
        .filter(user_setting::Column::UserId.is_in(ids.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.user_id, s.two_factor_enabled))
        .collect();
    let links = instance_links(db, &ids).await?;
    Ok(users.iter().map(|user| assemble(user, &roles, &departments, &two_factor, &links)).collect())
}

/// The instance links of these users, by user.
pub(super) async fn instance_links(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> Result<HashMap<i32, Vec<UserInstanceView>>> {
    let mut by_user: HashMap<i32, Vec<UserInstanceView>> = HashMap::new();
    if ids.is_empty() {
        return Ok(by_user);
    }
    let links = user_instance::Entity::find()
        .filter(user_instance::Column::UserId.is_in(ids.to_vec()))
        .find_also_related(instance::Entity)
        .all(db)
        .await?;
    for (link, inst) in links {
        if let Some(i) = inst {
            by_user.entry(link.user_id).or_default().push(UserInstanceView {
                id: link.id,
                instance: InstanceView { id: i.id, name: i.name, activated: i.activated },
            });
        }
    }
    Ok(by_user)
}

/// Instance links read as JSON beside a user (`[{id, instance, name, activated}]`; `activated`
/// is 0/1 on SQLite), in link order.
pub(super) fn links_from_json(json: Option<&str>) -> Vec<UserInstanceView> {
    #[derive(serde::Deserialize)]
    struct Link {
        id: i32,
        instance: i32,
        name: String,
        activated: serde_json::Value,
    }
    let mut links: Vec<Link> = json.and_then(|j| serde_json::from_str(j).ok()).unwrap_or_default();
    links.sort_by_key(|l| l.id);
    links
        .into_iter()
        .map(|l| UserInstanceView {
            id: l.id,
            instance: InstanceView {
                id: l.instance,
                name: l.name,
                activated: l.activated.as_bool().unwrap_or_else(|| l.activated.as_i64() == Some(1)),
            },
        })
        .collect()
}

/// One user's view from what was loaded for the page.
pub(super) fn assemble(
    user: &user::Model,
    roles: &HashMap<i32, RoleView>,
    departments: &HashMap<i32, DepartmentView>,
    two_factor: &HashMap<i32, bool>,
    links: &HashMap<i32, Vec<UserInstanceView>>,
) -> UserView {
    UserView {
        id: user.id,
        name: user.name.clone(),
        username: user.username.clone(),
        email: user.email.clone(),
        image: user.image.clone(),
        role: roles.get(&user.role_id).cloned(),
        is_connected: user.is_connected,
        away: user.is_connected && user.away,
        user_department: user.department_id.and_then(|id| departments.get(&id)).cloned(),
        user_instances: links.get(&user.id).cloned().unwrap_or_default(),
        is_functional: user.is_functional,
        blocked: super::is_blocked(user, chrono::Utc::now()),
        two_factor_enabled: two_factor.get(&user.id).copied().unwrap_or(false),
        must_change_password: user.must_change_password,
        recovery_codes_left: None,
    }
}

/// Marks as connected only the users who also have a realtime socket open (`with_socket`, from the
/// bus's presence): `is_connected` alone stays true after a browser is closed without logging out.
pub fn apply_presence(views: &mut [UserView], with_socket: &std::collections::HashSet<i32>) {
    for view in views {
        view.is_connected = view.is_connected && with_socket.contains(&view.id);
        view.away = view.away && view.is_connected;
    }
}

/// What a user form may offer: every role, active department and instance of the tenant. Read
/// with the `users` route, so whoever manages users can pick them without the roles or instances
/// screens' routes.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct UserFormOptions {
    pub roles: Vec<RoleView>,
    pub departments: Vec<DepartmentView>,
    pub instances: Vec<InstanceView>,
}

pub async fn form_options(db: &impl ConnectionTrait) -> Result<UserFormOptions> {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
    let roles = role::Entity::find().order_by_asc(role::Column::Id).all(db).await?;
    let departments = department::Entity::find()
        .filter(department::Column::Activated.eq(true))
        .order_by_asc(department::Column::Name)
        .all(db)
        .await?;
    let instances = instance::Entity::find().order_by_asc(instance::Column::Name).all(db).await?;
    let mut roles: Vec<RoleView> = roles.into_iter().map(RoleView::of).collect();
    with_routes(db, roles.iter_mut()).await?;
    Ok(UserFormOptions {
        roles,
        departments: departments
            .into_iter()
            .map(|d| DepartmentView { id: d.id, name: d.name, activated: d.activated })
            .collect(),
        instances: instances
            .into_iter()
            .map(|i| InstanceView { id: i.id, name: i.name, activated: i.activated })
            .collect(),
    })
}
