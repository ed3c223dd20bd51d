//! The REST API under `/api`: one router per area, merged here with the access rule of every route
//! (`access::ApiRoutes`); plus the health checks and the built web app. `app::app` mounts them
//! behind tenant resolution.

pub mod access;
mod analytics;
mod api_tokens;
mod audit;
mod auth;
mod bot;
mod campaigns;
mod cloud_webhook;
mod customers;
mod departments;
mod distribution;
pub mod error_bodies;
mod evolution_webhook;
pub mod extract;
pub mod health;
mod home;
mod inbox;
mod instances;
mod media;
mod message_templates;
pub mod metrics;
mod notes;
pub mod openapi;
mod orders;
mod privacy;
mod quick_replies;
mod retention;
mod roles;
mod scheduled_messages;
mod search;
mod service_levels;
mod spooled;
mod tags;
mod tenants;
mod two_factor;
mod users;
pub mod web;
mod webhooks;

use std::sync::Arc;

use axum::{Router, middleware};

use crate::{error::AppError, state::AppState};

/// Largest request body accepted (spreadsheet imports have their own limit).
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// The largest page number a list accepts: far past any real list, and small enough that
/// `(page - 1) * limit` fits the databases' signed 64-bit `OFFSET` (a larger one overflowed).
pub const MAX_PAGE: u64 = 1_000_000_000;

/// A list's requested page: absent or 0 is the first; past [`MAX_PAGE`] is refused (422).
fn page_number(requested: Option<u64>, field: &'static str) -> Result<u64, AppError> {
    match requested.unwrap_or(1) {
        page if page > MAX_PAGE => Err(crate::domain::Error::invalid_field(
            "invalid_page",
            field,
            format!("A página deve ser um número de 1 a {MAX_PAGE}."),
        )
        .into()),
        page => Ok(page.max(1)),
    }
}

/// Every API route with its rule, relative to `/api`.
pub fn api_routes() -> access::ApiRoutes {
    access::ApiRoutes::default()
        .merge(auth::routes())
        .merge(roles::routes())
        .merge(tenants::routes())
        .merge(two_factor::routes())
        .merge(users::routes())
        .merge(api_tokens::routes())
        .merge(departments::routes())
        .merge(distribution::routes())
        .merge(service_levels::routes())
        .merge(instances::routes())
        .merge(cloud_webhook::routes())
        .merge(evolution_webhook::routes())
        .merge(message_templates::routes())
        .merge(home::routes())
        .merge(inbox::routes())
        .merge(quick_replies::routes())
        .merge(notes::routes())
        .merge(scheduled_messages::routes())
        .merge(tags::routes())
        .merge(search::routes())
        .merge(media::routes())
        .merge(customers::routes())
        .merge(orders::routes())
        .merge(privacy::routes())
        .merge(analytics::routes())
        .merge(bot::routes())
        .merge(campaigns::routes())
        .merge(webhooks::routes())
        .merge(audit::routes())
        .merge(retention::routes())
        .merge(openapi::routes())
}

/// The `/api` router: every route behind the access middleware; unknown paths answer the API's 404.
/// Expects the tenant resolved by an outer layer.
pub fn api_router(state: &AppState) -> Router<AppState> {
    let (api, rules) = api_routes().into_parts();
    api.fallback(|| async { AppError::NotFound })
        .route_layer(middleware::from_fn_with_state((state.clone(), Arc::new(rules)), access::enforce))
}
