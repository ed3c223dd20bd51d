//! `AppState`: what every handler can reach. Cheap to clone (shared pointers).

use std::sync::Arc;

use crate::{config::Config, tenancy::Databases};

#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub dbs: Arc<Databases>,
}
