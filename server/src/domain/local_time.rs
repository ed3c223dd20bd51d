//! Local time: São Paulo, a fixed UTC−03:00 (Brazil has had no daylight-saving time since 2019),
//! the one offset days, months, protocols, the bot's hours and sheet dates are reckoned in
//! (docs/analytics.md#days-and-periods). SQLite has no time-zone database and PostgreSQL's would
//! disagree with it for older dates, so both backends use this offset ([`crate::domain::sql::Dialect`]).

use chrono::{DateTime, Datelike, Duration, FixedOffset, NaiveDate, NaiveTime, TimeZone, Timelike, Utc};

/// Hours São Paulo is behind UTC.
pub const SAO_PAULO_OFFSET_HOURS: i64 = 3;

/// São Paulo as a chrono offset.
pub fn sao_paulo() -> FixedOffset {
    FixedOffset::west_opt((SAO_PAULO_OFFSET_HOURS * 3600) as i32).expect("a valid fixed offset")
}

/// The São Paulo day of a UTC instant.
pub fn local_day(at: DateTime<Utc>) -> NaiveDate {
    (at - Duration::hours(SAO_PAULO_OFFSET_HOURS)).date_naive()
}

/// The UTC instant a São Paulo day starts.
pub fn day_start(day: NaiveDate) -> DateTime<Utc> {
    Utc.from_utc_datetime(&day.and_time(NaiveTime::MIN)) + Duration::hours(SAO_PAULO_OFFSET_HOURS)
}

/// The start of the São Paulo calendar month containing `now`, in UTC.
pub fn month_start(now: DateTime<Utc>) -> DateTime<Utc> {
    let local = now.with_timezone(&sao_paulo());
    sao_paulo()
        .with_ymd_and_hms(local.year(), local.month(), 1, 0, 0, 0)
        .single()
        .map(|d| d.with_timezone(&Utc))
        .unwrap_or(now)
}

/// The greeting for the São Paulo time of `at`: "Bom dia" from 5 h, "Boa tarde" from noon, "Boa
/// noite" from 18 h (quick replies' `{{saudacao}}`, the demo's agents).
pub fn greeting(at: DateTime<Utc>) -> &'static str {
    match at.with_timezone(&sao_paulo()).hour() {
        5..=11 => "Bom dia",
        12..=17 => "Boa tarde",
        _ => "Boa noite",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_month_starts_at_midnight_in_sao_paulo() {
        let early_utc = Utc.with_ymd_and_hms(2026, 12, 1, 2, 0, 0).unwrap(); // still 30 Nov in São Paulo
        assert_eq!(month_start(early_utc), Utc.with_ymd_and_hms(2026, 11, 1, 3, 0, 0).unwrap());
        let later = Utc.with_ymd_and_hms(2026, 12, 1, 4, 0, 0).unwrap();
        assert_eq!(month_start(later), Utc.with_ymd_and_hms(2026, 12, 1, 3, 0, 0).unwrap());
    }
}
