//! Back-office of a multi-tenant customer-chat and campaign-messaging SaaS: the library behind
//! `backoffice-server` and `backoffice-cli`.
//!
//! Layers, each depending only on those listed after it: the transports (`http`, `graphql`,
//! `realtime`) and `app` that composes them; `auth` (login orchestration shared by REST and
//! GraphQL); `context` (tenant, caller, client address, the access decision); `state`; `bus`;
//! `domain`; `entities`; `tenancy`; `config`. `demo` is the demo data the CLI seeds.

/// The whole application router: REST, GraphQL, the socket and the web app.
pub mod app;
/// Login, two-factor step and refresh for REST and GraphQL: rate limits, tokens, session start.
pub mod auth;
/// The event bus (in-process, Redis across replicas), this process's sockets, and the wire form.
pub mod bus;
/// In-process caches of the tenant record and users' auth state, invalidated through the bus.
pub mod cache;
/// The one configuration type (environment variables and flags).
pub mod config;
/// The request context shared by every transport, and the one access decision.
pub mod context;
/// Realistic demo data for a tenant (`backoffice-cli seed demo`).
pub mod demo;
/// The domain services every surface calls.
pub mod domain;
/// Request hygiene and browser security headers on every answer.
pub mod edge;
/// sea-orm entities of the control and tenant databases.
pub mod entities;
/// `AppError`, the transports' error, its codes and pt_BR messages.
pub mod error;
/// GraphQL schema and endpoint.
pub mod graphql;
/// The REST API under `/api`, health checks and the web app's files.
pub mod http;
/// The worker that runs the outbox's jobs (provider sends, webhook deliveries).
pub mod jobs;
/// Accepting connections with timeouts and per-address caps.
pub mod listener;
/// Prometheus metrics: the recorder, `GET /metrics`, request counting by route template.
pub mod metrics;
/// Random tokens and strings (a leaf every layer may import).
pub mod random;
/// Fixed-window rate limits (in-process or Redis).
pub mod ratelimit;
/// The realtime socket.
pub mod realtime;
/// The link to Redis: short timeouts and a breaker for outages.
pub mod redis_link;
/// Secrets at rest: sealing with `SECRETS_KEY`.
pub mod secrets;
/// Building and running the server.
pub mod startup;
/// `AppState`, shared by handlers.
pub mod state;
/// Logging set-up.
pub mod telemetry;
/// Tenant names, host resolution, tenant databases.
pub mod tenancy;
