//! Back-office of a multi-tenant customer-chat and campaign-messaging SaaS: the library behind
//! `backoffice-server` and `backoffice-cli`.

/// The one configuration type (environment variables and flags).
pub mod config;
/// The domain services every surface calls.
pub mod domain;
/// sea-orm entities of the control and tenant databases.
pub mod entities;
/// `AppError`, the HTTP layer's error and its JSON form.
pub mod error;
/// GraphQL schema and endpoint.
pub mod graphql;
/// The HTTP router.
pub mod http;
/// Fixed-window rate limits (in-process or Redis).
pub mod ratelimit;
/// The realtime socket, its events and the event bus.
pub mod realtime;
/// Login, two-factor and refresh orchestration shared by REST and GraphQL.
pub mod sessions;
/// Building and running the server.
pub mod startup;
/// `AppState`, shared by handlers.
pub mod state;
/// Logging set-up.
pub mod telemetry;
/// Tenant names, host resolution, tenant databases.
pub mod tenancy;
