//! Analytics: the daily aggregates ([`sync`]), the dashboards that read them ([`figures`],
//! [`productivity`]), the live control panel ([`live`]), the tickets behind a figure ([`drill`])
//! and the presence sessions behind "time online" ([`presence`]). Every definition is in
//! docs/analytics.md; every figure is computed by SQL in the tenant database.

pub mod drill;
pub mod figures;
pub mod filters;
pub mod histogram;
pub mod live;
pub mod period;
pub mod presence;
pub mod productivity;
pub mod sync;

pub use period::Period;

pub use crate::domain::local_time::local_day;

/// Dimension filters shared by the dashboards.
#[derive(Debug, Clone, Copy, Default)]
pub struct Filters {
    pub instance_id: Option<i32>,
    pub department_id: Option<i32>,
}

impl Filters {
    /// `AND instance_id = … AND department_id = …` for the filters set (columns of `alias`).
    fn clause(&self, binder: &mut crate::domain::sql::Binder, alias: &str) -> String {
        let mut sql = String::new();
        if let Some(id) = self.instance_id {
            sql.push_str(&format!(" AND {alias}instance_id = {}", binder.p(id)));
        }
        if let Some(id) = self.department_id {
            sql.push_str(&format!(" AND {alias}department_id = {}", binder.p(id)));
        }
        sql
    }
}
