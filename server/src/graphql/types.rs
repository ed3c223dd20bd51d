//! GraphQL object types (DTOs; never entity models). Field names follow docs/contracts.md#api-calls: camelCase on
//! users (`isConnected`, `userDepartment`, `userInstances`), snake_case on roles
//! (`display_name`, `has_permission_routes`).

use async_graphql::SimpleObject;

use crate::domain::users::UserView;

#[derive(SimpleObject, Clone)]
#[graphql(rename_fields = "snake_case")]
pub struct Role {
    pub id: i32,
    pub name: String,
    pub display_name: String,
    pub has_permission_routes: Vec<String>,
}

#[derive(SimpleObject, Clone)]
pub struct Department {
    pub id: i32,
    pub name: String,
    pub activated: bool,
}

#[derive(SimpleObject, Clone)]
pub struct Instance {
    pub id: i32,
    pub name: String,
    pub activated: bool,
}

#[derive(SimpleObject, Clone)]
pub struct UserInstance {
    pub id: i32,
    pub instance: Instance,
}

#[derive(SimpleObject, Clone)]
#[graphql(rename_fields = "camelCase")]
pub struct User {
    pub id: i32,
    pub name: String,
    pub username: String,
    pub email: String,
    pub image: Option<String>,
    pub role: Option<Role>,
    pub is_connected: bool,
    pub user_department: Option<Department>,
    pub user_instances: Vec<UserInstance>,
}

impl User {
    /// From the domain view and the role's routes.
    pub fn new(view: UserView, routes: Vec<String>) -> Self {
        Self {
            id: view.id,
            name: view.name,
            username: view.username,
            email: view.email,
            image: view.image,
            role: view.role.map(|r| Role {
                id: r.id,
                name: r.name,
                display_name: r.display_name,
                has_permission_routes: routes,
            }),
            is_connected: view.is_connected,
            user_department: view.user_department.map(|d| Department {
                id: d.id,
                name: d.name,
                activated: d.activated,
            }),
            user_instances: view
                .user_instances
                .into_iter()
                .map(|l| UserInstance {
                    id: l.id,
                    instance: Instance { id: l.instance.id, name: l.instance.name, activated: l.instance.activated },
                })
                .collect(),
        }
    }
}

/// `logIn` and `updateUserPassword`: a token and the user, and what to tell the person
/// (spec §8, the alternate login path: `Logado com sucesso!` / `Você entrou na plataforma com sucesso!`).
#[derive(SimpleObject)]
pub struct AuthPayload {
    pub token: String,
    pub user: User,
    /// The success notification's title.
    pub title: String,
    /// The success notification's message.
    pub message: String,
}

/// The alternate login path's texts (spec §8).
pub const LOGGED_IN_TITLE: &str = "Logado com sucesso!";
pub const LOGGED_IN_MESSAGE: &str = "Você entrou na plataforma com sucesso!";
/// How the alternate login path refuses, whatever the cause (spec §8).
pub const WRONG_EMAIL_OR_PASSWORD: &str = "Wrong Email or Password";

impl AuthPayload {
    pub fn new(token: String, user: User) -> Self {
        Self { token, user, title: LOGGED_IN_TITLE.into(), message: LOGGED_IN_MESSAGE.into() }
    }
}

/// `refreshToken`: the new access token (spec: `refreshToken.token`).
#[derive(SimpleObject)]
pub struct TokenPayload {
    pub token: String,
}
