//! The demo's service levels: the company's hours (Monday to Friday, 08:00–18:00, what the demo
//! bot's answer says), a default SLA (first response in 30 minutes, resolution in 8 hours), the
//! satisfaction survey on, and the window's history under them — the closed tickets' SLA instants
//! and states, and a survey for most of them, answered by about half — written set-based from
//! `tickets`, so the attainment figures and the CSAT report have data. The demo's history counts
//! plain time (the calendar's arithmetic is the live clocks'); the tickets still open carry no
//! clock (they entered the queue before the policy); new ones (`backoffice-cli simulate`) do.

use sea_orm::{ConnectionTrait, DbBackend, DbErr};

use crate::domain::{
    calendar::setting::{self as calendar_setting, CalendarSetting, Interval},
    surveys::{self, SurveySettings},
};

/// First response and resolution targets of the demo's default policy, in minutes.
const TARGETS: (i64, i64) = (30, 480);

pub(super) async fn seed<C: ConnectionTrait>(db: &C) -> Result<u64, DbErr> {
    let custom = |err: crate::domain::Error| DbErr::Custom(err.to_string());
    let hours = (1..=5).map(|weekday| Interval { weekday, start: "08:00".into(), end: "18:00".into() }).collect();
    calendar_setting::save(db, CalendarSetting { business_hours: hours, holidays: Vec::new(), updated_at: None })
        .await
        .map_err(custom)?;
    surveys::save(db, SurveySettings { enabled: true, ..SurveySettings::default() }).await.map_err(custom)?;
    let (response, resolution) = TARGETS;
    let after = |minutes: i64| match db.get_database_backend() {
        DbBackend::Postgres => format!("opened_at + INTERVAL '{minutes} minutes'"),
        _ => format!("strftime('%Y-%m-%dT%H:%M:%S+00:00', opened_at, '+{minutes} minutes')"),
    };
    let later = |column: &str, minutes: i64| match db.get_database_backend() {
        DbBackend::Postgres => format!("{column} + INTERVAL '{minutes} minutes'"),
        _ => format!("strftime('%Y-%m-%dT%H:%M:%S+00:00', {column}, '+{minutes} minutes')"),
    };
    let statements = [
        format!(
            "INSERT INTO sla_policies (department_id, first_response_minutes, resolution_minutes, pause_on_customer) \
             SELECT NULL, {response}, {resolution}, FALSE WHERE NOT EXISTS (SELECT 1 FROM sla_policies)"
        ),
        format!(
            "UPDATE tickets SET sla_response_due_at = {}, sla_response_risk_at = {}, sla_resolution_due_at = {}, \
             sla_resolution_risk_at = {} WHERE status = 'closed' AND assigned_user_id IS NOT NULL",
            after(response),
            after(response * 4 / 5),
            after(resolution),
            after(resolution * 4 / 5)
        ),
        "UPDATE tickets SET sla_state = CASE \
           WHEN COALESCE(first_response_at, closed_at) >= sla_response_due_at OR closed_at >= sla_resolution_due_at \
           THEN 'breached' ELSE 'on_time' END WHERE sla_response_due_at IS NOT NULL AND status = 'closed'"
            .to_owned(),
        // Seven in ten closed tickets surveyed, six in ten of those answered; ratings mostly good.
        format!(
            "INSERT INTO survey_responses (ticket_id, customer_id, instance_id, department_id, user_id, \
             closing_reason_id, status, sent_at, expires_at, rating, comment, answered_at) \
             SELECT id, customer_id, instance_id, department_id, assigned_user_id, closing_reason_id, \
             CASE WHEN id * 53 % 100 < 60 THEN 'answered' ELSE 'sent' END, closed_at, {expires}, \
             CASE WHEN id * 53 % 100 >= 60 THEN NULL WHEN id * 91 % 100 < 50 THEN 5 WHEN id * 91 % 100 < 75 THEN 4 \
               WHEN id * 91 % 100 < 87 THEN 3 WHEN id * 91 % 100 < 94 THEN 2 ELSE 1 END, \
             CASE WHEN id * 53 % 100 >= 60 OR id % 3 <> 0 THEN NULL WHEN id * 91 % 100 < 50 \
               THEN 'Atendimento excelente, muito rápido!' WHEN id * 91 % 100 < 75 THEN 'Bom atendimento.' \
               WHEN id * 91 % 100 < 87 THEN 'Resolveu, mas demorou.' WHEN id * 91 % 100 < 94 \
               THEN 'Demorou bastante para responder.' ELSE 'Não resolveram meu problema.' END, \
             CASE WHEN id * 53 % 100 < 60 THEN {answered} END \
             FROM tickets WHERE status = 'closed' AND assigned_user_id IS NOT NULL AND (id * 37 + 11) % 100 < 70 \
             AND NOT EXISTS (SELECT 1 FROM survey_responses s WHERE s.ticket_id = tickets.id)",
            expires = later("closed_at", 24 * 60),
            answered = later("closed_at", 7),
        ),
    ];
    let mut surveyed = 0;
    for (i, sql) in statements.iter().enumerate() {
        let done = db.execute_unprepared(sql).await?;
        if i == statements.len() - 1 {
            surveyed = done.rows_affected();
        }
    }
    Ok(surveyed)
}
