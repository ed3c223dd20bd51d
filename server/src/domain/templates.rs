//! Tenant templates: what a new tenant starts with. Applying one is idempotent (rows are matched
//! by their unique names), so provisioning can be re-run after a failure.
//!
//! `default`: every route permission of the catalogue; roles `administrador` (every route),
//! `supervisor` (open routes, dashboards and reports) and `atendente` (open routes only); the
//! usual departments and closing reasons. `empty`: permissions and `administrador` only.

use std::str::FromStr;

use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Set, sea_query::OnConflict};

use crate::{
    domain::{
        catalogue::{self, Rule},
        error::{Error, Result},
    },
    entities::tenant::{closing_reason, department, permission, role, role_permission},
};

/// The role every template creates, with every route (docs/contracts.md#roles-and-route-permissions default).
pub const ADMIN_ROLE: &str = "administrador";

/// A known template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Template {
    Default,
    Empty,
}

impl Template {
    pub const NAMES: &[&str] = &["default", "empty"];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Default => "default",
            Self::Empty => "empty",
        }
    }
}

impl FromStr for Template {
    type Err = Error;
    fn from_str(value: &str) -> Result<Self> {
        match value {
            "default" => Ok(Self::Default),
            "empty" => Ok(Self::Empty),
            other => Err(Error::invalid_field(
                "unknown_template",
                "template",
                format!("Modelo \"{other}\" não existe. Modelos disponíveis: {}.", Template::NAMES.join(", ")),
            )),
        }
    }
}

/// Which routes a template role gets.
enum Grant {
    Everything,
    OpenAndCategories(&'static [&'static str]),
    Open,
}

struct RoleSpec {
    name: &'static str,
    display_name: &'static str,
    grant: Grant,
}

const ROLES: &[RoleSpec] = &[
    RoleSpec { name: ADMIN_ROLE, display_name: "Administrador", grant: Grant::Everything },
    RoleSpec {
        name: "supervisor",
        display_name: "Supervisor",
        grant: Grant::OpenAndCategories(&["dashboards", "relatorios"]),
    },
    RoleSpec { name: "atendente", display_name: "Atendente", grant: Grant::Open },
];

const DEPARTMENTS: &[&str] = &["Atendimento", "Comercial", "Financeiro", "Suporte Técnico"];

const CLOSING_REASONS: &[&str] = &[
    "Problema resolvido",
    "Dúvida esclarecida",
    "Venda realizada",
    "Cliente não respondeu",
    "Encaminhado a outro setor",
    "Spam ou contato por engano",
];

/// Applies a template to a tenant database (inside the provisioning transaction).
pub async fn apply(db: &impl ConnectionTrait, template: Template) -> Result<()> {
    sync_permissions(db).await?;
    let roles: &[RoleSpec] = match template {
        Template::Default => ROLES,
        Template::Empty => &ROLES[..1],
    };
    for spec in roles {
        ensure_role(db, spec).await?;
    }
    if template == Template::Default {
        let departments = DEPARTMENTS.iter().map(|name| department::ActiveModel {
            name: Set((*name).to_owned()),
            activated: Set(true),
            ..Default::default()
        });
        department::Entity::insert_many(departments)
            .on_conflict(OnConflict::column(department::Column::Name).do_nothing().to_owned())
            .exec_without_returning(db)
            .await?;
        let reasons = CLOSING_REASONS.iter().map(|name| closing_reason::ActiveModel {
            name: Set((*name).to_owned()),
            activated: Set(true),
            ..Default::default()
        });
        closing_reason::Entity::insert_many(reasons)
            .on_conflict(OnConflict::column(closing_reason::Column::Name).do_nothing().to_owned())
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// Makes the tenant's permission rows match the catalogue: a route new to this tenant (after an
/// upgrade) appears, and the `administrador` role gets it — that role has every route by default,
/// and routes it already knew keep whatever its administrators chose.
pub async fn sync_permissions(db: &impl ConnectionTrait) -> Result<()> {
    let known: Vec<String> =
        permission::Entity::find().select_only().column(permission::Column::RouteName).into_tuple().all(db).await?;
    let rows = catalogue::catalogue().routes.iter().map(|route| permission::ActiveModel {
        route_name: Set(route.name.clone()),
        category: Set(route.category.clone()),
        ..Default::default()
    });
    permission::Entity::insert_many(rows)
        .on_conflict(OnConflict::column(permission::Column::RouteName).do_nothing().to_owned())
        .exec_without_returning(db)
        .await?;
    // A tenant just being provisioned knows no route yet: its roles come from the template.
    if known.is_empty() {
        return Ok(());
    }
    let Some(admin) = role::Entity::find().filter(role::Column::Name.eq(ADMIN_ROLE)).one(db).await? else {
        return Ok(());
    };
    let new = permission::Entity::find().filter(permission::Column::RouteName.is_not_in(known)).all(db).await?;
    grant(db, admin.id, &new).await
}

async fn ensure_role(db: &impl ConnectionTrait, spec: &RoleSpec) -> Result<()> {
    let existing = role::Entity::find().filter(role::Column::Name.eq(spec.name)).one(db).await?;
    let role_id = match existing {
        // An existing role keeps whatever routes its administrators gave it.
        Some(_) => return Ok(()),
        None => {
            role::Entity::insert(role::ActiveModel {
                name: Set(spec.name.to_owned()),
                display_name: Set(spec.display_name.to_owned()),
                ..Default::default()
            })
            .exec(db)
            .await?
            .last_insert_id
        }
    };
    let granted: Vec<String> = catalogue::catalogue()
        .routes
        .iter()
        .filter(|route| match &spec.grant {
            Grant::Everything => true,
            Grant::Open => route.rule == Rule::All,
            Grant::OpenAndCategories(categories) => {
                route.rule == Rule::All || categories.contains(&route.category.as_str())
            }
        })
        .map(|route| route.name.clone())
        .collect();
    let permissions = permission::Entity::find().filter(permission::Column::RouteName.is_in(granted)).all(db).await?;
    grant(db, role_id, &permissions).await
}

/// Links `permissions` to a role (links it has already are kept).
async fn grant(db: &impl ConnectionTrait, role_id: i32, permissions: &[permission::Model]) -> Result<()> {
    if permissions.is_empty() {
        return Ok(());
    }
    let links = permissions.iter().map(|p| role_permission::ActiveModel {
        role_id: Set(role_id),
        permission_id: Set(p.id),
        ..Default::default()
    });
    role_permission::Entity::insert_many(links)
        .on_conflict(
            OnConflict::columns([role_permission::Column::RoleId, role_permission::Column::PermissionId])
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use sea_orm::Database;
    use sea_orm_migration::MigratorTrait;

    use super::*;

    async fn admin_routes(db: &impl ConnectionTrait) -> Vec<String> {
        let admin = role::Entity::find().filter(role::Column::Name.eq(ADMIN_ROLE)).one(db).await.unwrap().unwrap();
        let ids: Vec<i32> = role_permission::Entity::find()
            .select_only()
            .column(role_permission::Column::PermissionId)
            .filter(role_permission::Column::RoleId.eq(admin.id))
            .into_tuple()
            .all(db)
            .await
            .unwrap();
        permission::Entity::find()
            .filter(permission::Column::Id.is_in(ids))
            .all(db)
            .await
            .unwrap()
            .into_iter()
            .map(|p| p.route_name)
            .collect()
    }

    #[tokio::test]
    async fn an_upgrade_gives_the_administrator_new_routes_and_keeps_what_was_taken_away() {
        let db = Database::connect("sqlite::memory:").await.unwrap();
        tenant_migrations::Migrator::up(&db, None).await.unwrap();
        apply(&db, Template::Default).await.unwrap();
        // A tenant from before the `chatbot` route, whose administrators took `tenants` away.
        let chatbot = permission::Entity::find()
            .filter(permission::Column::RouteName.eq("chatbot"))
            .one(&db)
            .await
            .unwrap()
            .unwrap();
        let tenants = permission::Entity::find()
            .filter(permission::Column::RouteName.eq("tenants"))
            .one(&db)
            .await
            .unwrap()
            .unwrap();
        role_permission::Entity::delete_many()
            .filter(role_permission::Column::PermissionId.is_in([chatbot.id, tenants.id]))
            .exec(&db)
            .await
            .unwrap();
        permission::Entity::delete_many().filter(permission::Column::Id.eq(chatbot.id)).exec(&db).await.unwrap();

        sync_permissions(&db).await.unwrap();

        let routes = admin_routes(&db).await;
        assert!(routes.contains(&"chatbot".to_owned()), "the new route is the administrator's");
        assert!(!routes.contains(&"tenants".to_owned()), "a route taken away stays away");
    }
}
