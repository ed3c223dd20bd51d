//! Test harness: an isolated database per test (a temp directory on SQLite, a fresh database on
//! PostgreSQL), the server on a random port, and builders for tenants.

pub mod app;
pub mod gateway;
pub mod graph;
pub mod outage;
pub mod provider;
pub mod receiver;
pub mod socket;
pub mod team;
pub mod users;

pub use app::{Backend, TestApp};
pub use users::{TestUser, refresh_cookie};
