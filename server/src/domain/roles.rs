//! Route permissions of roles (docs/contracts.md#roles-and-route-permissions): list, list by category, by user email, and update.

use chrono::Utc;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, JoinType, QueryFilter, QueryOrder, QuerySelect, RelationTrait, Set,
};

use crate::{
    domain::{
        catalogue,
        error::{Error, Result},
        events::Raised,
        templates::ADMIN_ROLE,
        unit::Unit,
        users,
    },
    entities::tenant::{permission, role, role_permission},
};

/// A role and the route names it may open (docs/contracts.md#entities-and-storage-keys Role).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct RoleRoutes {
    pub id: i32,
    pub name: String,
    pub display_name: String,
    pub has_permission_routes: Vec<String>,
    /// Users of the role must turn two-factor on before opening checked routes.
    pub require_two_factor: bool,
}

/// A permission row.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct PermissionView {
    pub id: i32,
    pub route_name: String,
    pub category: String,
}

/// Permissions grouped by category, in catalogue order.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[schema(as = PermissionCategory)]
pub struct Category {
    pub id: String,
    pub label: String,
    pub permissions: Vec<PermissionView>,
}

/// The route names a role may open, in catalogue order.
pub async fn routes_of_role(db: &impl ConnectionTrait, role_id: i32) -> Result<Vec<String>> {
    let names: Vec<String> = permission::Entity::find()
        .select_only()
        .column(permission::Column::RouteName)
        .join(JoinType::InnerJoin, permission::Relation::RolePermission.def())
        .filter(role_permission::Column::RoleId.eq(role_id))
        .into_tuple()
        .all(db)
        .await?;
    Ok(catalogue::route_names().filter(|name| names.iter().any(|n| n == name)).map(str::to_owned).collect())
}

/// Every role with its routes.
pub async fn roles(db: &impl ConnectionTrait) -> Result<Vec<RoleRoutes>> {
    let roles = role::Entity::find().order_by_asc(role::Column::Id).all(db).await?;
    let links: Vec<(i32, String)> = role_permission::Entity::find()
        .select_only()
        .column(role_permission::Column::RoleId)
        .column(permission::Column::RouteName)
        .join(JoinType::InnerJoin, role_permission::Relation::Permission.def())
        .into_tuple()
        .all(db)
        .await?;
    Ok(roles
        .into_iter()
        .map(|r| {
            let routes = catalogue::route_names()
                .filter(|name| links.iter().any(|(role_id, route)| *role_id == r.id && route == name))
                .map(str::to_owned)
                .collect();
            RoleRoutes {
                id: r.id,
                name: r.name,
                display_name: r.display_name,
                has_permission_routes: routes,
                require_two_factor: r.require_two_factor,
            }
        })
        .collect())
}

/// Permissions grouped by catalogue category.
pub async fn categories(db: &impl ConnectionTrait) -> Result<Vec<Category>> {
    let all = permission::Entity::find().order_by_asc(permission::Column::Id).all(db).await?;
    Ok(catalogue::catalogue()
        .categories
        .iter()
        .map(|c| Category {
            id: c.id.clone(),
            label: c.label.clone(),
            permissions: all
                .iter()
                .filter(|p| p.category == c.id)
                .map(|p| PermissionView { id: p.id, route_name: p.route_name.clone(), category: p.category.clone() })
                .collect(),
        })
        .collect())
}

/// The routes of the user with this email.
pub async fn routes_of_email(db: &impl ConnectionTrait, email: &str) -> Result<Vec<String>> {
    let user = users::find_by_email(db, email)
        .await?
        .ok_or_else(|| Error::not_found("user_not_found", "Usuário não encontrado."))?;
    routes_of_role(db, user.role_id).await
}

/// Replaces a role's routes. Unknown route names are refused; `administrador` always keeps the
/// routes that edit roles, so nobody can lock every administrator out.
pub async fn update_role(
    unit: &Unit,
    role_id: i32,
    routes: &[String],
    require_two_factor: Option<bool>,
) -> Result<RoleRoutes> {
    let db = unit;
    let found = role::Entity::find_by_id(role_id)
        .one(db)
        .await?
        .ok_or_else(|| Error::not_found("role_not_found", "Perfil não encontrado."))?;
    if let Some(unknown) = routes.iter().find(|r| catalogue::route(r).is_none()) {
        return Err(Error::invalid_field("unknown_route", "permissions", format!("Rota \"{unknown}\" não existe.")));
    }
    if found.name == ADMIN_ROLE && !["roles-list", "roles-edit"].iter().all(|r| routes.iter().any(|x| x == r)) {
        return Err(Error::invalid_field(
            "admin_keeps_roles",
            "permissions",
            "O perfil administrador precisa manter as rotas de perfis (roles-list e roles-edit).",
        ));
    }
    let wanted =
        permission::Entity::find().filter(permission::Column::RouteName.is_in(routes.to_vec())).all(db).await?;
    role_permission::Entity::delete_many().filter(role_permission::Column::RoleId.eq(role_id)).exec(db).await?;
    if !wanted.is_empty() {
        let rows = wanted.iter().map(|p| role_permission::ActiveModel {
            role_id: Set(role_id),
            permission_id: Set(p.id),
            ..Default::default()
        });
        role_permission::Entity::insert_many(rows).exec_without_returning(db).await?;
    }
    let require_two_factor = require_two_factor.unwrap_or(found.require_two_factor);
    role::Entity::update_many()
        .col_expr(role::Column::UpdatedAt, sea_orm::sea_query::Expr::value(Utc::now()))
        .col_expr(role::Column::RequireTwoFactor, sea_orm::sea_query::Expr::value(require_two_factor))
        .filter(role::Column::Id.eq(role_id))
        .exec(db)
        .await?;
    // Every user of the role (not worth listing): the tenant's cached auth states go.
    unit.raise(Raised::AuthChanged { user_id: None, entitlement: false });
    Ok(RoleRoutes {
        id: found.id,
        name: found.name,
        display_name: found.display_name,
        has_permission_routes: routes_of_role(db, role_id).await?,
        require_two_factor,
    })
}

/// Whether a role requires two-factor of its users.
pub async fn role_requires_two_factor(db: &impl ConnectionTrait, role_id: i32) -> Result<bool> {
    Ok(role::Entity::find_by_id(role_id).one(db).await?.is_some_and(|r| r.require_two_factor))
}
