//! The company's calendar: weekly opening hours and holidays in São Paulo time, and the arithmetic
//! service-level clocks run on (issue 46, docs/service-levels.md#the-calendar). "Open" has one
//! rule: a holiday is closed; a calendar without hours is open all day every other day (the
//! bot's "none at all: always open"); otherwise `[start, end)` of each interval of the weekday.
//! The bot asks [`Calendar::is_open`]; an SLA target of "4 business hours" is
//! [`Calendar::add_open_time`] from the ticket's opening, and what a ticket waited in business
//! time is [`Calendar::open_time_between`].

use std::collections::BTreeSet;

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Timelike, Utc};

use crate::domain::local_time::SAO_PAULO_OFFSET_HOURS;

pub mod setting;

/// Minutes in a day: the end of a window that runs to midnight.
const DAY: u32 = 24 * 60;
/// How far ahead [`Calendar::add_open_time`] looks for open time before giving up (a calendar
/// whose every day is a holiday has none).
const HORIZON_DAYS: i64 = 3 * 366;

/// Opening hours per weekday and the holidays, in São Paulo time.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Calendar {
    /// Per weekday (0 = domingo … 6 = sábado): open windows as minutes of the day, `[start,
    /// end)`, sorted and merged.
    week: [Vec<(u32, u32)>; 7],
    /// No hours at all: open all day (but on holidays).
    always: bool,
    holidays: BTreeSet<NaiveDate>,
}

impl Calendar {
    /// A calendar of `intervals` (weekday 0–6, start, end; an interval with `end <= start` or an
    /// unknown weekday is left out) and `holidays`. No interval: open all day, holidays apart.
    pub fn new(
        intervals: impl IntoIterator<Item = (u8, NaiveTime, NaiveTime)>,
        holidays: impl IntoIterator<Item = NaiveDate>,
    ) -> Self {
        let mut week: [Vec<(u32, u32)>; 7] = Default::default();
        let minutes = |t: NaiveTime| t.hour() * 60 + t.minute();
        for (weekday, start, end) in intervals {
            let (start, end) = (minutes(start), minutes(end));
            if let Some(day) = week.get_mut(usize::from(weekday))
                && start < end
            {
                day.push((start, end));
            }
        }
        let always = week.iter().all(Vec::is_empty);
        for day in &mut week {
            day.sort_unstable();
            let mut merged: Vec<(u32, u32)> = Vec::with_capacity(day.len());
            for &(start, end) in day.iter() {
                match merged.last_mut() {
                    Some(last) if start <= last.1 => last.1 = last.1.max(end),
                    _ => merged.push((start, end)),
                }
            }
            *day = merged;
        }
        Self { week, always, holidays: holidays.into_iter().collect() }
    }

    /// The open windows of a São Paulo day, as minutes of the day.
    fn windows(&self, day: NaiveDate) -> &[(u32, u32)] {
        const ALL_DAY: &[(u32, u32)] = &[(0, DAY)];
        if self.holidays.contains(&day) {
            &[]
        } else if self.always {
            ALL_DAY
        } else {
            &self.week[day.weekday().num_days_from_sunday() as usize]
        }
    }

    /// Whether the company is open at `at`.
    pub fn is_open(&self, at: DateTime<Utc>) -> bool {
        let local = local(at);
        let minute = local.hour() * 60 + local.minute();
        self.windows(local.date()).iter().any(|&(start, end)| start <= minute && minute < end)
    }

    /// The instant when `open` of open time has passed since `start` (for `open` zero: the first
    /// open instant from `start`). `None` when the calendar has no open time within three years.
    pub fn add_open_time(&self, start: DateTime<Utc>, open: Duration) -> Option<DateTime<Utc>> {
        let mut left = open.max(Duration::zero());
        let mut cursor = local(start);
        for _ in 0..HORIZON_DAYS {
            let day = cursor.date();
            for &(from, to) in self.windows(day) {
                let (from, to) = (at_minute(day, from), at_minute(day, to));
                if to <= cursor {
                    continue;
                }
                let begin = from.max(cursor);
                if left <= to - begin {
                    return Some(utc(begin + left));
                }
                left -= to - begin;
                cursor = to;
            }
            cursor = at_minute(day, DAY);
        }
        None
    }

    /// How much open time lies between `from` and `to` (zero when `to` is not after `from`).
    pub fn open_time_between(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Duration {
        let (from, to) = (local(from), local(to));
        let mut total = Duration::zero();
        let mut day = from.date();
        while day <= to.date() {
            for &(start, end) in self.windows(day) {
                let (start, end) = (at_minute(day, start).max(from), at_minute(day, end).min(to));
                if end > start {
                    total += end - start;
                }
            }
            day = day.succ_opt().unwrap_or(NaiveDate::MAX);
            if day == NaiveDate::MAX {
                break;
            }
        }
        total
    }
}

/// São Paulo wall time of a UTC instant.
fn local(at: DateTime<Utc>) -> NaiveDateTime {
    at.naive_utc() - Duration::hours(SAO_PAULO_OFFSET_HOURS)
}

fn utc(local: NaiveDateTime) -> DateTime<Utc> {
    Utc.from_utc_datetime(&(local + Duration::hours(SAO_PAULO_OFFSET_HOURS)))
}

fn at_minute(day: NaiveDate, minute: u32) -> NaiveDateTime {
    day.and_time(NaiveTime::MIN) + Duration::minutes(minute.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn time(text: &str) -> NaiveTime {
        NaiveTime::parse_from_str(text, "%H:%M").unwrap()
    }

    /// São Paulo wall time as UTC.
    fn sp(text: &str) -> DateTime<Utc> {
        utc(NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap())
    }

    /// Monday to Friday 08:00–12:00 and 13:00–18:00; `holidays` closed.
    fn office(holidays: &[&str]) -> Calendar {
        let hours = (1..=5).flat_map(|d| [(d, time("08:00"), time("12:00")), (d, time("13:00"), time("18:00"))]);
        Calendar::new(hours, holidays.iter().map(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").unwrap()))
    }

    #[test]
    fn a_clock_started_on_friday_afternoon_runs_on_after_the_weekend() {
        // 2026-12-04 is a Friday: 30 min left that day, the other 30 on Monday morning.
        let due = office(&[]).add_open_time(sp("2026-12-04 17:30"), Duration::hours(1));
        assert_eq!(due, Some(sp("2026-12-07 08:30")));
    }

    #[test]
    fn a_holiday_is_skipped_like_a_sunday() {
        let due = office(&["2026-12-07"]).add_open_time(sp("2026-12-04 17:30"), Duration::hours(1));
        assert_eq!(due, Some(sp("2026-12-08 08:30")), "Monday the 7th is closed");
        assert!(!office(&["2026-12-07"]).is_open(sp("2026-12-07 10:00")));
    }

    #[test]
    fn lunch_does_not_count_and_a_clock_started_at_night_starts_in_the_morning() {
        let office = office(&[]);
        assert_eq!(office.add_open_time(sp("2026-12-08 11:30"), Duration::hours(1)), Some(sp("2026-12-08 13:30")));
        assert_eq!(office.add_open_time(sp("2026-12-08 22:00"), Duration::minutes(15)), Some(sp("2026-12-09 08:15")));
        assert_eq!(office.add_open_time(sp("2026-12-05 10:00"), Duration::zero()), Some(sp("2026-12-07 08:00")));
        assert_eq!(office.add_open_time(sp("2026-12-08 09:00"), Duration::hours(9)), Some(sp("2026-12-09 09:00")));
    }

    #[test]
    fn open_time_between_counts_only_what_was_open() {
        let office = office(&["2026-12-07"]);
        // Friday 17:00 → Tuesday 09:00: one hour on Friday, the holiday Monday none, one on Tuesday.
        assert_eq!(office.open_time_between(sp("2026-12-04 17:00"), sp("2026-12-08 09:00")), Duration::hours(2));
        assert_eq!(office.open_time_between(sp("2026-12-08 12:10"), sp("2026-12-08 12:50")), Duration::zero());
        assert_eq!(office.open_time_between(sp("2026-12-08 10:00"), sp("2026-12-08 09:00")), Duration::zero());
    }

    #[test]
    fn without_hours_every_day_but_a_holiday_is_open() {
        let always = Calendar::new([], [NaiveDate::from_ymd_opt(2026, 12, 25).unwrap()]);
        assert!(always.is_open(sp("2026-12-06 03:00")), "a Sunday night too");
        assert!(!always.is_open(sp("2026-12-25 10:00")));
        assert_eq!(always.add_open_time(sp("2026-12-24 23:00"), Duration::hours(2)), Some(sp("2026-12-26 01:00")));
        let never = Calendar::new(
            [],
            (0..=HORIZON_DAYS).map(|d| NaiveDate::from_ymd_opt(2026, 1, 1).unwrap() + Duration::days(d)),
        );
        assert_eq!(never.add_open_time(sp("2026-01-01 10:00"), Duration::hours(1)), None);
    }

    #[test]
    fn overlapping_and_backwards_intervals_are_tidied() {
        let hours =
            [(1, time("08:00"), time("12:00")), (1, time("11:00"), time("14:00")), (1, time("18:00"), time("09:00"))];
        let calendar = Calendar::new(hours, []);
        assert_eq!(calendar.week[1], vec![(8 * 60, 14 * 60)]);
        assert!(!calendar.is_open(sp("2026-12-07 18:30")), "18:00–09:00 is not an interval of one day");
    }
}
