//! Days and periods in São Paulo time (docs/analytics.md#days-and-periods), and the SQL that turns
//! a stored UTC instant into one of those days on each backend.
//!
//! Brazil has had no daylight-saving time since 2019, so a São Paulo day is a fixed UTC−03:00
//! window on both backends (SQLite has no time-zone database; PostgreSQL's would disagree with
//! it for older dates).

use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::Serialize;

use crate::domain::{
    Error,
    error::Result,
    local_time::{day_start, local_day},
};

/// The longest period a dashboard, report or sheet covers (a year, leap day included).
pub const MAX_DAYS: i64 = 366;

/// An inclusive range of São Paulo days.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Period {
    #[schema(value_type = String, example = "2026-11-01")]
    pub from: NaiveDate,
    #[schema(value_type = String, example = "2026-11-30")]
    pub to: NaiveDate,
}

impl Period {
    /// A period from two optional `YYYY-MM-DD` texts (named `from_field`/`to_field` in errors):
    /// a missing end is today, a missing start `default_days - 1` days before the end.
    pub fn parse(
        from: Option<&str>,
        to: Option<&str>,
        (from_field, to_field): (&str, &str),
        default_days: i64,
    ) -> Result<Self> {
        let to = match to.map(str::trim).filter(|s| !s.is_empty()) {
            Some(text) => parse_day(text, to_field)?,
            None => local_day(Utc::now()),
        };
        let from = match from.map(str::trim).filter(|s| !s.is_empty()) {
            Some(text) => parse_day(text, from_field)?,
            None => to - Duration::days(default_days - 1),
        };
        Self::new(from, to)
    }

    /// A checked period: not inverted, at most [`MAX_DAYS`] long.
    pub fn new(from: NaiveDate, to: NaiveDate) -> Result<Self> {
        if to < from {
            return Err(Error::invalid("invalid_period", "A data final é anterior à data inicial."));
        }
        if (to - from).num_days() + 1 > MAX_DAYS {
            return Err(Error::invalid(
                "invalid_period",
                format!("O período pode ter no máximo {MAX_DAYS} dias; escolha um intervalo menor."),
            ));
        }
        Ok(Self { from, to })
    }

    /// Days in the period.
    pub fn days(&self) -> i64 {
        (self.to - self.from).num_days() + 1
    }

    /// Each day, oldest first.
    pub fn each_day(&self) -> impl Iterator<Item = NaiveDate> + use<> {
        let from = self.from;
        (0..self.days()).map(move |i| from + Duration::days(i))
    }

    /// The period of the same length that ends the day before this one starts.
    pub fn previous(&self) -> Self {
        let to = self.from - Duration::days(1);
        Self { from: to - Duration::days(self.days() - 1), to }
    }

    /// `[start, end)` in UTC.
    pub fn utc_bounds(&self) -> (DateTime<Utc>, DateTime<Utc>) {
        (day_start(self.from), day_start(self.to + Duration::days(1)))
    }

    /// `2026-11-01_a_2026-11-30`, for file names.
    pub fn slug(&self) -> String {
        format!("{}_a_{}", self.from, self.to)
    }
}

fn parse_day(text: &str, field: &str) -> Result<NaiveDate> {
    // Accept a full timestamp too (`2026-11-01T00:00:00Z`): only its date part counts.
    let date = text.get(..10).unwrap_or(text);
    NaiveDate::parse_from_str(date, "%Y-%m-%d").map_err(|_| {
        Error::invalid_field("invalid_period", field, format!("Data inválida em {field}: use o formato AAAA-MM-DD."))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").expect("day")
    }

    #[test]
    fn a_sao_paulo_day_runs_from_three_utc_to_three_utc() {
        let period = Period::new(day("2026-11-01"), day("2026-11-01")).expect("period");
        let (start, end) = period.utc_bounds();
        assert_eq!(start.to_rfc3339(), "2026-11-01T03:00:00+00:00");
        assert_eq!(end.to_rfc3339(), "2026-11-02T03:00:00+00:00");
        assert_eq!(local_day(start), day("2026-11-01"));
        assert_eq!(local_day(start - Duration::seconds(1)), day("2026-10-31"));
    }

    #[test]
    fn the_previous_period_has_the_same_length_and_ends_the_day_before() {
        let period = Period::new(day("2026-11-01"), day("2026-11-30")).expect("period");
        assert_eq!(period.previous(), Period { from: day("2026-10-02"), to: day("2026-10-31") });
        assert_eq!(period.each_day().count(), 30);
    }

    #[test]
    fn inverted_overlong_and_malformed_periods_are_refused_in_portuguese() {
        let inverted = Period::parse(Some("2026-11-02"), Some("2026-11-01"), ("from", "to"), 30).unwrap_err();
        assert!(inverted.to_string().contains("anterior"), "{inverted}");
        let long = Period::parse(Some("2024-01-01"), Some("2026-01-01"), ("from", "to"), 30).unwrap_err();
        assert!(long.to_string().contains("366"), "{long}");
        let bad = Period::parse(Some("01/11/2026"), None, ("startAt", "finishAt"), 30).unwrap_err();
        assert!(bad.to_string().contains("startAt"), "{bad}");
        let year = Period::parse(Some("2024-01-01"), Some("2024-12-31"), ("from", "to"), 30).expect("a leap year fits");
        assert_eq!(year.days(), 366);
    }
}
