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
pub mod satisfaction;
pub mod sync;

pub use period::Period;

pub use crate::domain::local_time::local_day;

/// Dimension filters shared by the dashboards.
#[derive(Debug, Clone, Copy, Default)]
pub struct Filters {
    pub instance_id: Option<i32>,
    pub department_id: Option<i32>,
    /// Only the tickets carrying this tag (and their messages): read from the by-tag aggregates
    /// (`analytics_tags`, `analytics_tag_reasons`). Only the analytics dashboard reads it.
    pub tag_id: Option<i32>,
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

    /// The roll-up a dashboard reads under these filters, and the tag's condition on it: the
    /// by-tag table (same columns) when a tag is chosen, else `units`.
    fn source<'a>(
        &self,
        binder: &mut crate::domain::sql::Binder,
        units: &'a str,
        tagged: &'a str,
    ) -> (&'a str, String) {
        match self.tag_id {
            Some(id) => (tagged, format!(" AND tag_id = {}", binder.p(id))),
            None => (units, String::new()),
        }
    }
}
