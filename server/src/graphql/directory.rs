//! Users, instances and presence over GraphQL (docs/contracts.md#api-calls): the same domain services as REST.
//! Argument names are snake_case as the spec writes them (`role_id`, `chosen_instances`, ...).

use async_graphql::{Context, Object};

use crate::{
    context::CurrentUser,
    domain::{
        audit, instances, roles,
        users::{self, NewUser, UserChanges},
    },
    graphql::{
        GqlContext,
        context::{OrGql, guard},
        types::{Instance, User, UserInstance},
    },
};

/// The mutations that change users, as the audit log names them (docs/audit.md): the same
/// changes as the REST routes of area `usuários`, recorded in the mutation's own transaction.
const AUDITED: [(&str, &str); 4] = [
    ("newUser", "Cria um usuário (GraphQL)"),
    ("updateUser", "Altera um usuário (GraphQL)"),
    ("deleteUser", "Exclui um usuário (GraphQL)"),
    ("deleteUserInstance", "Remove o vínculo de um usuário com uma instância (GraphQL)"),
];

/// [`AUDITED`] as the audit log's actions (`graphql_<field>`).
pub fn audited_actions() -> impl Iterator<Item = audit::Action> {
    AUDITED.iter().map(|(field, label)| audit::Action {
        action: format!("graphql_{field}"),
        label: (*label).to_owned(),
        area: "usuários".to_owned(),
    })
}

/// Appends the mutation `field`'s row to the audit log, inside the caller's transaction.
async fn audit(
    db: &impl sea_orm::ConnectionTrait,
    gql: &GqlContext,
    user: Option<&CurrentUser>,
    field: &str,
) -> async_graphql::Result<()> {
    let (Some(user), Some(action)) =
        (user, audited_actions().find(|a| a.action.strip_prefix("graphql_") == Some(field)))
    else {
        return Ok(());
    };
    let done = audit::Done { method: "POST".to_owned(), path: format!("/graphql {field}"), status: 200 };
    audit::record(db, &user.actor(gql.addr.0), &action, &done).await.gql()
}

#[derive(Default)]
pub struct DirectoryQuery;

#[Object(rename_args = "snake_case")]
impl DirectoryQuery {
    /// Users of the tenant (first 100 by name).
    async fn users(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<User>> {
        let (gql, _) = guard(ctx, "users").await?;
        let tx = gql.tenant.read(&gql.state).await.gql()?;
        let mut page =
            users::list(&tx, &users::ListQuery { limit: users::MAX_PAGE_SIZE, ..Default::default() }).await.gql()?;
        users::apply_presence(&mut page.data, &gql.state.bus.online(&gql.tenant.name).await);
        let mut out = Vec::with_capacity(page.data.len());
        for view in page.data {
            let routes = match &view.role {
                Some(role) => roles::routes_of_role(&tx, role.id).await.gql()?,
                None => Vec::new(),
            };
            out.push(User::new(view, routes));
        }
        tx.end();
        Ok(out)
    }

    /// A user's instance links.
    async fn user_instances(&self, ctx: &Context<'_>, user_id: i32) -> async_graphql::Result<Vec<UserInstance>> {
        let (gql, _) = guard(ctx, "userInstances").await?;
        let tx = gql.tenant.read(&gql.state).await.gql()?;
        let user = users::find(&tx, user_id).await.gql()?;
        let view = users::view(&tx, &user).await.gql()?;
        tx.end();
        Ok(User::new(view, Vec::new()).user_instances)
    }

    /// Instances, except `remove_ids`.
    async fn instances(&self, ctx: &Context<'_>, remove_ids: Option<Vec<i32>>) -> async_graphql::Result<Vec<Instance>> {
        let (gql, _) = guard(ctx, "instances").await?;
        let tx = gql.tenant.read(&gql.state).await.gql()?;
        let found = instances::list(&tx, &remove_ids.unwrap_or_default()).await.gql()?;
        tx.end();
        Ok(found.into_iter().map(|i| Instance { id: i.id, name: i.name, activated: i.activated }).collect())
    }

    /// Online users — a socket open and available — (on an instance, if given), except `user_id`.
    async fn online_users(
        &self,
        ctx: &Context<'_>,
        user_id: Option<i32>,
        instance_id: Option<i32>,
    ) -> async_graphql::Result<Vec<User>> {
        let (gql, _) = guard(ctx, "onlineUsers").await?;
        let tx = gql.tenant.read(&gql.state).await.gql()?;
        let with_socket = gql.state.bus.online(&gql.tenant.name).await;
        let found = users::online(&tx, &with_socket, user_id, instance_id).await.gql()?;
        tx.end();
        Ok(found.into_iter().map(|v| User::new(v, Vec::new())).collect())
    }
}

#[derive(Default)]
pub struct DirectoryMutation;

#[Object(rename_args = "snake_case")]
impl DirectoryMutation {
    #[allow(clippy::too_many_arguments)]
    async fn new_user(
        &self,
        ctx: &Context<'_>,
        username: Option<String>,
        name: String,
        email: String,
        password: String,
        role_id: i32,
        user_department_id: Option<i32>,
        chosen_instances: Option<Vec<i32>>,
    ) -> async_graphql::Result<User> {
        let (gql, user) = guard(ctx, "newUser").await?;
        let new = NewUser {
            name,
            email,
            username,
            password,
            role_id: Some(role_id),
            department_id: user_department_id,
            instances: chosen_instances.unwrap_or_default(),
            ..Default::default()
        };
        let tx = gql.tenant.begin(&gql.state).await.gql()?;
        let created = users::create(&tx, new, gql.tenant.record.user_limit).await.gql()?;
        let view = users::view(&tx, &created).await.gql()?;
        let routes = roles::routes_of_role(&tx, created.role_id).await.gql()?;
        audit(&tx, gql, user, "newUser").await?;
        tx.commit().await.gql()?;
        Ok(User::new(view, routes))
    }

    #[allow(clippy::too_many_arguments)]
    async fn update_user(
        &self,
        ctx: &Context<'_>,
        id: i32,
        username: Option<String>,
        name: Option<String>,
        image: Option<String>,
        email: Option<String>,
        role_id: Option<i32>,
        user_department_id: Option<i32>,
        chosen_instances: Option<Vec<i32>>,
    ) -> async_graphql::Result<User> {
        let (gql, user) = guard(ctx, "updateUser").await?;
        let changes = UserChanges {
            name,
            username,
            email,
            image: image.map(Some),
            role_id,
            department_id: user_department_id.map(Some),
            instances: chosen_instances,
            password: None,
        };
        let unit = gql.tenant.unit(&gql.state).await.gql()?;
        let updated = users::update(&unit, id, changes).await.gql()?;
        let view = users::view(&unit, &updated).await.gql()?;
        let routes = roles::routes_of_role(&unit, updated.role_id).await.gql()?;
        audit(&unit, gql, user, "updateUser").await?;
        unit.commit().await.gql()?;
        Ok(User::new(view, routes))
    }

    async fn delete_user(&self, ctx: &Context<'_>, id: i32) -> async_graphql::Result<bool> {
        let (gql, user) = guard(ctx, "deleteUser").await?;
        let actor = user.map(|u| u.user.id).unwrap_or_default();
        let unit = gql.tenant.unit(&gql.state).await.gql()?;
        users::delete(&unit, id, actor).await.gql()?;
        audit(&unit, gql, user, "deleteUser").await?;
        unit.commit().await.gql()?;
        Ok(true)
    }

    async fn delete_user_instance(&self, ctx: &Context<'_>, id: i32) -> async_graphql::Result<bool> {
        let (gql, user) = guard(ctx, "deleteUserInstance").await?;
        let unit = gql.tenant.unit(&gql.state).await.gql()?;
        users::delete_instance_link(&unit, id).await.gql()?;
        audit(&unit, gql, user, "deleteUserInstance").await?;
        unit.commit().await.gql()?;
        Ok(true)
    }

    /// The caller is available for chats.
    async fn connected(&self, ctx: &Context<'_>) -> async_graphql::Result<bool> {
        set_presence(ctx, "connected", None, true).await
    }

    /// The caller is away.
    async fn disconnected(&self, ctx: &Context<'_>) -> async_graphql::Result<bool> {
        set_presence(ctx, "disconnected", None, false).await
    }

    /// Marks another user away (supervision).
    async fn disconnect_user(&self, ctx: &Context<'_>, user_id: i32) -> async_graphql::Result<bool> {
        set_presence(ctx, "disconnectUser", Some(user_id), false).await
    }
}

async fn set_presence(
    ctx: &Context<'_>,
    field: &str,
    target: Option<i32>,
    connected: bool,
) -> async_graphql::Result<bool> {
    let (gql, user) = guard(ctx, field).await?;
    let id = match (target, user) {
        (Some(id), _) => id,
        (None, Some(user)) => user.user.id,
        (None, None) => return Err("unreachable: guard checked".into()),
    };
    let unit = gql.tenant.unit(&gql.state).await.gql()?;
    users::find(&unit, id).await.gql()?;
    users::set_connected(&unit, id, connected).await.gql()?;
    if connected {
        // Online again: waiting tickets may be theirs.
        crate::domain::distribution::kick(&unit).await.gql()?;
    }
    unit.commit().await.gql()?;
    Ok(true)
}
