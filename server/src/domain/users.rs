//! Users of a tenant. Creation enforces the tenant's `userLimit` atomically, unique email and
//! username, and the spec §5 password strength.

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, PaginatorTrait, QueryFilter, Set,
};

use crate::{
    domain::{
        error::{Error, FieldError, Result},
        passwords,
    },
    entities::tenant::{department, role, user, user_setting},
};

/// A user to create.
#[derive(Debug, Clone, Default)]
pub struct NewUser {
    pub name: String,
    pub email: String,
    /// Derived from the email when absent.
    pub username: Option<String>,
    pub password: String,
    /// Role name, e.g. `administrador`.
    pub role: String,
    pub department: Option<String>,
    /// An integration account that cannot log into the UI.
    pub is_functional: bool,
}

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

/// Creates a user. `user_limit` is the tenant's (0 = unlimited); the check and the insert are
/// serialized per tenant so two concurrent creations cannot both take the last seat.
pub async fn create(db: &impl ConnectionTrait, new: NewUser, user_limit: i32) -> Result<user::Model> {
    let mut fields = Vec::new();
    let name = new.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 120 {
        fields.push(FieldError::new("name", "Informe um nome de até 120 caracteres."));
    }
    let email = parse_email(&new.email).map_err(|msg| fields.push(FieldError::new("email", msg))).ok();
    if passwords::strength(&new.password) < passwords::MIN_STRENGTH {
        fields.push(FieldError::new(
            "password",
            "Senha fraca: use ao menos 8 caracteres, sem repetições (aaa) nem sequências (123, abc).",
        ));
    }
    let role = role::Entity::find().filter(role::Column::Name.eq(new.role.as_str())).one(db).await?;
    if role.is_none() {
        fields.push(FieldError::new("role", format!("O perfil \"{}\" não existe.", new.role)));
    }
    let department = match new.department.as_deref() {
        Some(dept) => {
            let found = department::Entity::find().filter(department::Column::Name.eq(dept)).one(db).await?;
            if found.is_none() {
                fields.push(FieldError::new("department", format!("O departamento \"{dept}\" não existe.")));
            }
            found
        }
        None => None,
    };
    let (Some(email), Some(role), true) = (email, role, fields.is_empty()) else {
        return Err(Error::Invalid {
            code: "validation_failed",
            message: fields.first().map(|f| f.message.clone()).unwrap_or_default(),
            fields,
        });
    };

    lock_user_seats(db).await?;
    if user_limit > 0 {
        let active = user::Entity::find().filter(user::Column::DeletedAt.is_null()).count(db).await?;
        if active >= user_limit as u64 {
            return Err(Error::Invalid {
                code: "user_limit_reached",
                message: format!("Limite de {user_limit} usuários do plano atingido."),
                fields: Vec::new(),
            });
        }
    }
    if user::Entity::find().filter(user::Column::Email.eq(email.as_str())).count(db).await? > 0 {
        return Err(Error::Invalid {
            code: "email_taken",
            message: "Este email já está em uso.".into(),
            fields: vec![FieldError::new("email", "Este email já está em uso.")],
        });
    }
    let username = match new.username.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        Some(username) => username.to_owned(),
        None => free_username(db, &email).await?,
    };
    let now = Utc::now();
    let created = user::ActiveModel {
        name: Set(name),
        username: Set(username),
        email: Set(email),
        image: Set(None),
        password_hash: Set(passwords::hash(&new.password).await),
        role_id: Set(role.id),
        department_id: Set(department.map(|d| d.id)),
        is_connected: Set(false),
        is_functional: Set(new.is_functional),
        blocked_at: Set(None),
        failed_logins: Set(0),
        valid_after: Set(now),
        last_login_at: Set(None),
        deleted_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    user_setting::ActiveModel {
        user_id: Set(created.id),
        two_factor_enabled: Set(false),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(created)
}

/// Serializes seat-taking within one tenant. PostgreSQL: a transaction-scoped advisory lock keyed
/// by the tenant's schema. SQLite: a tenant has one connection, so writers are serialized already.
async fn lock_user_seats(db: &impl ConnectionTrait) -> Result<()> {
    if db.get_database_backend() == DbBackend::Postgres {
        db.execute_unprepared("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':user_seats'))").await?;
    }
    Ok(())
}

async fn free_username(db: &impl ConnectionTrait, email: &str) -> Result<String> {
    let base: String = email
        .split('@')
        .next()
        .unwrap_or("usuario")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        .take(40)
        .collect();
    let base = if base.is_empty() { "usuario".to_owned() } else { base };
    for suffix in 0..1000 {
        let candidate = if suffix == 0 { base.clone() } else { format!("{base}{suffix}") };
        if user::Entity::find().filter(user::Column::Username.eq(candidate.as_str())).count(db).await? == 0 {
            return Ok(candidate);
        }
    }
    Err(Error::conflict("username_taken", "Não foi possível gerar um nome de usuário livre."))
}

/// A user by email (not deleted).
pub async fn find_by_email(db: &impl ConnectionTrait, email: &str) -> Result<Option<user::Model>> {
    Ok(user::Entity::find()
        .filter(user::Column::Email.eq(email.trim().to_lowercase()))
        .filter(user::Column::DeletedAt.is_null())
        .one(db)
        .await?)
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

/// A role as nested in a user (spec §3 Role).
#[derive(Debug, Clone, serde::Serialize)]
pub struct RoleView {
    pub id: i32,
    pub name: String,
    pub display_name: String,
}

/// A department as nested in a user.
#[derive(Debug, Clone, serde::Serialize)]
pub struct DepartmentView {
    pub id: i32,
    pub name: String,
    pub activated: bool,
}

/// An instance as nested in a user-instance link.
#[derive(Debug, Clone, serde::Serialize)]
pub struct InstanceView {
    pub id: i32,
    pub name: String,
    pub activated: bool,
}

/// A user-instance link (spec §3: id, instance).
#[derive(Debug, Clone, serde::Serialize)]
pub struct UserInstanceView {
    pub id: i32,
    pub instance: InstanceView,
}

/// A user as the API shows it (spec §3 User; never the password).
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: i32,
    pub name: String,
    pub username: String,
    pub email: String,
    pub image: Option<String>,
    pub role: Option<RoleView>,
    pub is_connected: bool,
    pub user_department: Option<DepartmentView>,
    pub user_instances: Vec<UserInstanceView>,
    pub is_functional: bool,
    pub blocked: bool,
    pub two_factor_enabled: bool,
}

/// A user with role, department, instances and two-factor state.
pub async fn view(db: &impl ConnectionTrait, user: &user::Model) -> Result<UserView> {
    use crate::entities::tenant::{instance, user_instance};
    let role = role::Entity::find_by_id(user.role_id).one(db).await?;
    let department = match user.department_id {
        Some(id) => department::Entity::find_by_id(id).one(db).await?,
        None => None,
    };
    let links = user_instance::Entity::find()
        .filter(user_instance::Column::UserId.eq(user.id))
        .find_also_related(instance::Entity)
        .all(db)
        .await?;
    let two_factor_enabled = crate::domain::auth::two_factor::is_enabled(db, user.id).await?;
    Ok(UserView {
        id: user.id,
        name: user.name.clone(),
        username: user.username.clone(),
        email: user.email.clone(),
        image: user.image.clone(),
        role: role.map(|r| RoleView { id: r.id, name: r.name, display_name: r.display_name }),
        is_connected: user.is_connected,
        user_department: department.map(|d| DepartmentView { id: d.id, name: d.name, activated: d.activated }),
        user_instances: links
            .into_iter()
            .filter_map(|(link, inst)| {
                inst.map(|i| UserInstanceView {
                    id: link.id,
                    instance: InstanceView { id: i.id, name: i.name, activated: i.activated },
                })
            })
            .collect(),
        is_functional: user.is_functional,
        blocked: user.blocked_at.is_some(),
        two_factor_enabled,
    })
}

/// A user by id (not deleted), or 404. Ids of other tenants are simply absent here.
pub async fn find(db: &impl ConnectionTrait, id: i32) -> Result<user::Model> {
    user::Entity::find_by_id(id)
        .filter(user::Column::DeletedAt.is_null())
        .one(db)
        .await?
        .ok_or_else(|| Error::not_found("user_not_found", "Usuário não encontrado."))
}

/// Unblocks a user blocked by failed logins (or by an administrator).
pub async fn unblock(db: &impl ConnectionTrait, id: i32) -> Result<user::Model> {
    use sea_orm::IntoActiveModel;
    let found = find(db, id).await?;
    let mut active = found.into_active_model();
    active.blocked_at = Set(None);
    active.failed_logins = Set(0);
    active.updated_at = Set(Utc::now());
    Ok(active.update(db).await?)
}

/// Changes a user's password (strength ≥ medium) and ends their other sessions.
pub async fn change_password(db: &impl ConnectionTrait, id: i32, password: &str) -> Result<user::Model> {
    use sea_orm::IntoActiveModel;
    if passwords::strength(password) < passwords::MIN_STRENGTH {
        return Err(Error::invalid_field(
            "weak_password",
            "password",
            "Senha fraca: use ao menos 8 caracteres, sem repetições (aaa) nem sequências (123, abc).",
        ));
    }
    let found = find(db, id).await?;
    crate::domain::auth::sessions::end_all(db, id).await?;
    let mut active = found.into_active_model();
    active.password_hash = Set(passwords::hash(password).await);
    active.updated_at = Set(Utc::now());
    Ok(active.update(db).await?)
}

/// Marks a user connected or disconnected (spec §4 user connection).
pub async fn set_connected(db: &impl ConnectionTrait, id: i32, connected: bool) -> Result<()> {
    use sea_orm::sea_query::Expr;
    user::Entity::update_many()
        .col_expr(user::Column::IsConnected, Expr::value(connected))
        .filter(user::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}
