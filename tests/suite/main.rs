//! The integration suite: one binary, the real router over HTTP. Every test runs on SQLite; with
//! `TEST_DATABASE_URL` (and `TEST_REDIS_URL`) set, the same tests run on PostgreSQL (and Redis).

mod support;

mod access;
mod account;
mod analytics;
mod auth;
mod backup;
mod bot;
mod caches;
mod campaigns;
mod checkpoints;
mod cloud;
mod edge;
mod evolution;
mod fairness;
mod graphql_auth;
mod graphql_directory;
mod hardening;
mod health;
mod identities;
mod imports;
mod inbox;
mod instances;
mod isolation;
mod limits;
mod lockout;
mod media;
mod metrics;
mod migrate;
mod openapi;
mod outages;
mod outbound;
mod presence;
mod provisioning;
mod realtime;
mod resolution;
mod retention;
mod secrets;
mod seed;
mod sheet_downloads;
mod tenants;
mod tokens;
mod two_factor;
mod users;
mod web_files;
