//! The route-name catalogue (docs/contracts.md#roles-and-route-permissions), read from `web/src/config/route-catalogue.json` at compile
//! time so the server's permissions and the web router can never disagree. A route's `feature` is
//! the tenant feature option its screen and API need: the web hides the menu entry, the server's
//! access decision answers 403 `feature_disabled` (`http::access`), both from this one field.

use std::sync::LazyLock;

use serde::Deserialize;

use crate::domain::features::Feature;

/// How the web router gates a route (docs/contracts.md#roles-and-route-permissions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// Open to every logged-in user.
    All,
    /// Needs the route name in the user's permitted routes.
    Check,
    /// Only the role `administrador`.
    Admin,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Route {
    pub name: String,
    pub path: String,
    pub rule: Rule,
    pub category: String,
    /// The feature option the route needs (`features::Feature::option`), if any.
    #[serde(default)]
    feature: Option<String>,
}

impl Route {
    /// The tenant feature this route needs, if any.
    pub fn feature(&self) -> Option<Feature> {
        self.feature.as_deref().map(|option| {
            Feature::parse(option).unwrap_or_else(|| panic!("route {} names unknown feature {option}", self.name))
        })
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct Category {
    pub id: String,
    pub label: String,
}

#[derive(Debug, Deserialize)]
pub struct Catalogue {
    pub categories: Vec<Category>,
    pub routes: Vec<Route>,
}

static CATALOGUE: LazyLock<Catalogue> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../../web/src/config/route-catalogue.json"))
        .expect("web/src/config/route-catalogue.json is valid (checked by a unit test)")
});

/// The whole catalogue.
pub fn catalogue() -> &'static Catalogue {
    &CATALOGUE
}

/// Every route name, in catalogue order.
pub fn route_names() -> impl Iterator<Item = &'static str> {
    CATALOGUE.routes.iter().map(|r| r.name.as_str())
}

/// A route by name.
pub fn route(name: &str) -> Option<&'static Route> {
    CATALOGUE.routes.iter().find(|r| r.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_parses_and_names_the_design_routes() {
        let names: Vec<_> = route_names().collect();
        for expected in [
            "home",
            "user-settings",
            "two-factor",
            "users",
            "tenants",
            "instances",
            "roles-list",
            "roles-edit",
            "dashboard-analytics",
            "dashboard-control-panel",
            "dashboard-maria-panel",
            "dashboard-produtivity-report",
            "dashboard-report",
            "dashboard-report-smart",
        ] {
            assert!(names.contains(&expected), "{expected} missing");
        }
        for route in &catalogue().routes {
            assert!(catalogue().categories.iter().any(|c| c.id == route.category), "{}", route.name);
        }
    }

    #[test]
    fn every_feature_a_route_names_is_an_option_of_the_catalogue() {
        let gated: Vec<_> =
            catalogue().routes.iter().filter_map(|r| r.feature().map(|f| (r.name.as_str(), f))).collect();
        assert!(gated.contains(&("campaigns", Feature::Campaigns)));
        assert!(gated.contains(&("dashboard-analytics", Feature::Analytics)));
        assert!(gated.contains(&("dashboard-report", Feature::Reports)));
        assert_eq!(route("users").and_then(Route::feature), None);
    }
}
