//! The company's calendar as the tenant keeps it: one "Horário de atendimento" setting (the
//! `tenant_settings` key `calendar`) that every bot's "fora do horário" and every SLA clock read
//! (decision 205; before, each bot configuration held its own hours). Not set: no hours, so open
//! all day every day — the company has not said when it closes.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use sea_orm::ConnectionTrait;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Calendar;
use crate::domain::{
    error::{Error, FieldError, Result},
    settings,
    sql::Binder,
};

/// The `tenant_settings` key of the calendar.
const KEY: &str = "calendar";
/// The most holidays a calendar lists.
pub const MAX_HOLIDAYS: usize = 100;
/// The most intervals a week has.
pub const MAX_INTERVALS: usize = 70;

/// One opening interval of a weekday, in São Paulo time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Interval {
    /// 0 = domingo … 6 = sábado.
    pub weekday: u8,
    /// `HH:MM`.
    pub start: String,
    /// `HH:MM`, after `start`.
    pub end: String,
}

/// The company's opening hours and holidays, as the API reads and writes them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarSetting {
    /// Opening hours; none at all: always open.
    pub business_hours: Vec<Interval>,
    /// Days closed (`YYYY-MM-DD`, São Paulo).
    pub holidays: Vec<String>,
    /// When an administrator last saved it (`null`: never).
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub updated_at: Option<DateTime<Utc>>,
}

/// `HH:MM` as a time of day.
pub fn parse_time(text: &str) -> Option<NaiveTime> {
    let (h, m) = text.split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    NaiveTime::from_hms_opt(h.parse().ok()?, m.parse().ok()?, 0)
}

impl CalendarSetting {
    /// The calendar these hours and holidays make (what is not a valid time or day is left out:
    /// saving refuses it).
    pub fn calendar(&self) -> Calendar {
        let hours =
            self.business_hours.iter().filter_map(|i| Some((i.weekday, parse_time(&i.start)?, parse_time(&i.end)?)));
        let holidays = self.holidays.iter().filter_map(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
        Calendar::new(hours, holidays)
    }
}

/// Checks a calendar: every problem at once, by field, for the editor. Holidays come back sorted
/// and without repeats; intervals in weekday and start order.
pub fn normalize(mut setting: CalendarSetting) -> Result<CalendarSetting> {
    let mut errors = Vec::new();
    let mut need = |ok: bool, field: String, message: &str| {
        if !ok {
            errors.push(FieldError::new(&field, message));
        }
    };
    need(
        setting.business_hours.len() <= MAX_INTERVALS,
        "businessHours".into(),
        &format!("Até {MAX_INTERVALS} intervalos por semana."),
    );
    for (i, interval) in setting.business_hours.iter().enumerate() {
        let (start, end) = (parse_time(&interval.start), parse_time(&interval.end));
        need(
            interval.weekday <= 6,
            format!("businessHours[{i}].weekday"),
            "Dia da semana de 0 (domingo) a 6 (sábado).",
        );
        need(
            start.is_some() && end.is_some() && start < end,
            format!("businessHours[{i}].end"),
            "Use horários HH:MM, com o fim depois do início.",
        );
    }
    need(setting.holidays.len() <= MAX_HOLIDAYS, "holidays".into(), &format!("Até {MAX_HOLIDAYS} feriados."));
    for (i, day) in setting.holidays.iter().enumerate() {
        need(
            NaiveDate::parse_from_str(day, "%Y-%m-%d").is_ok(),
            format!("holidays[{i}]"),
            "Use datas no formato AAAA-MM-DD.",
        );
    }
    if let Some(first) = errors.first() {
        let message = first.message.clone();
        return Err(Error::Invalid { code: "invalid_calendar", message, fields: errors });
    }
    setting.business_hours.sort_by(|a, b| (a.weekday, &a.start, &a.end).cmp(&(b.weekday, &b.start, &b.end)));
    setting.business_hours.dedup();
    setting.holidays.sort();
    setting.holidays.dedup();
    Ok(setting)
}

/// The tenant's calendar setting (not set: no hours, no holidays).
pub async fn read(db: &impl ConnectionTrait) -> Result<CalendarSetting> {
    let mut b = Binder::new(db.get_database_backend());
    let sql = format!("SELECT value, updated_at FROM tenant_settings WHERE key = {}", b.p(KEY));
    let Some(row) = db.query_one_raw(b.statement(sql)).await? else { return Ok(CalendarSetting::default()) };
    let value: String = row.try_get("", "value")?;
    let mut setting: CalendarSetting = serde_json::from_str(&value)
        .map_err(|err| Error::Db(sea_orm::DbErr::Custom(format!("the calendar setting is not a calendar: {err}"))))?;
    setting.updated_at = Some(row.try_get("", "updated_at")?);
    Ok(setting)
}

/// The tenant's calendar, for the bot and the SLA clocks.
pub async fn load(db: &impl ConnectionTrait) -> Result<Calendar> {
    Ok(read(db).await?.calendar())
}

/// Checks and stores the calendar; answers it as stored. The caller tells the cached bots
/// (`Raised::BotsChanged`): their "fora do horário" reads it.
pub async fn save(db: &impl ConnectionTrait, setting: CalendarSetting) -> Result<CalendarSetting> {
    let mut setting = normalize(setting)?;
    setting.updated_at = None;
    let now = settings::write(db, KEY, &setting).await?;
    setting.updated_at = Some(now);
    Ok(setting)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interval(weekday: u8, start: &str, end: &str) -> Interval {
        Interval { weekday, start: start.into(), end: end.into() }
    }

    #[test]
    fn every_problem_is_reported_by_field() {
        let setting = CalendarSetting {
            business_hours: vec![interval(1, "08:00", "12:00"), interval(7, "18:00", "08:00"), interval(2, "8h", "9h")],
            holidays: vec!["2026-12-25".into(), "25/12/2026".into()],
            updated_at: None,
        };
        let Err(Error::Invalid { code, fields, .. }) = normalize(setting) else { panic!("accepted") };
        assert_eq!(code, "invalid_calendar");
        let fields: Vec<&str> = fields.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(fields, ["businessHours[1].weekday", "businessHours[1].end", "businessHours[2].end", "holidays[1]"]);
    }

    #[test]
    fn a_valid_calendar_comes_back_in_order_without_repeats() {
        let setting = CalendarSetting {
            business_hours: vec![
                interval(2, "13:00", "18:00"),
                interval(1, "08:00", "12:00"),
                interval(2, "08:00", "12:00"),
            ],
            holidays: vec!["2026-12-25".into(), "2026-11-20".into(), "2026-12-25".into()],
            updated_at: None,
        };
        let normal = normalize(setting).unwrap();
        assert_eq!(normal.business_hours[0], interval(1, "08:00", "12:00"));
        assert_eq!(normal.business_hours[2], interval(2, "13:00", "18:00"));
        assert_eq!(normal.holidays, ["2026-11-20", "2026-12-25"]);
        assert!(normal.calendar().is_open(chrono::TimeZone::with_ymd_and_hms(&Utc, 2026, 12, 1, 12, 0, 0).unwrap()));
    }
}
