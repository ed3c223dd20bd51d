//! The customer's satisfaction survey (pesquisa de satisfação; issue 46,
//! docs/service-levels.md#satisfaction-survey). When a person closes a ticket and the company asks
//! (the `survey` setting, per department), the customer receives one message through the
//! instance: the question, answered with a number from 1 to 5 and, if they like, a comment after
//! it ("5, muito rápido!"). The answer is recorded against the ticket, its agent, department and
//! closing reason, thanked, and opens no ticket. Anything else the customer writes goes to a new
//! ticket as before (the survey is then `skipped`); so does an answer after the survey's window.
//!
//! Not sent: a ticket nobody of the team held, closed by the bot's inactivity, of a blocked
//! customer, or on an official number whose 24-hour window is closed (a free-text message would be
//! refused; no approved template is chosen for it yet).

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ConnectionTrait, EntityTrait};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::{events::ChatNotification, messages as conversation_messages, views::Names},
        error::{Error, FieldError, Result},
        events::{Audience, DomainEvent},
        sql::Binder,
        unit::Unit,
    },
    entities::tenant::{customer, ticket, user},
};

/// The `tenant_settings` key of the survey.
const KEY: &str = "survey";
/// The longest question or thanks.
pub const MAX_TEXT: usize = 500;
/// The longest comment kept.
pub const MAX_COMMENT: usize = 500;
/// How long an answer may take: from 5 minutes to 7 days.
pub const ANSWER_MINUTES: std::ops::RangeInclusive<i32> = 5..=7 * 24 * 60;

/// The survey as the company sets it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveySettings {
    pub enabled: bool,
    /// Sent when a person closes a ticket; `{{nome}}` is the customer's first name, `{{atendente}}`
    /// the agent's.
    pub question: String,
    /// Sent when the customer answers.
    pub thanks: String,
    /// Minutes the customer has to answer (5 to 10080); after them a message opens a ticket.
    pub answer_minutes: i32,
    /// Departments whose tickets are not surveyed.
    #[serde(default)]
    pub excluded_department_ids: Vec<i32>,
}

impl Default for SurveySettings {
    fn default() -> Self {
        Self {
            enabled: false,
            question: "Olá, {{nome}}! Como você avalia o atendimento de {{atendente}}? Responda com uma nota de 1 \
                       (muito ruim) a 5 (excelente) e, se quiser, um comentário depois da nota."
                .into(),
            thanks: "Obrigado pela avaliação! Se precisar de algo mais, é só escrever.".into(),
            answer_minutes: 24 * 60,
            excluded_department_ids: Vec::new(),
        }
    }
}

fn normalize(mut settings: SurveySettings) -> Result<SurveySettings> {
    let mut errors = Vec::new();
    for (field, text) in [("question", &mut settings.question), ("thanks", &mut settings.thanks)] {
        *text = text.trim().to_owned();
        let length = text.chars().count();
        if length == 0 || length > MAX_TEXT {
            errors.push(FieldError::new(field, format!("Escreva a mensagem (até {MAX_TEXT} caracteres).")));
        }
    }
    if !ANSWER_MINUTES.contains(&settings.answer_minutes) {
        errors.push(FieldError::new(
            "answerMinutes",
            "O prazo para responder vai de 5 minutos a 7 dias (10080 minutos).",
        ));
    }
    settings.excluded_department_ids.sort_unstable();
    settings.excluded_department_ids.dedup();
    match errors.first() {
        Some(first) => {
            let message = first.message.clone();
            Err(Error::Invalid { code: "invalid_survey", message, fields: errors })
        }
        None => Ok(settings),
    }
}

/// The company's survey settings (not set: the defaults, disabled).
pub async fn settings(db: &impl ConnectionTrait) -> Result<SurveySettings> {
    let mut b = Binder::new(db.get_database_backend());
    let sql = format!("SELECT value FROM tenant_settings WHERE key = {}", b.p(KEY));
    let Some(row) = db.query_one_raw(b.statement(sql)).await? else { return Ok(SurveySettings::default()) };
    let value: String = row.try_get("", "value")?;
    serde_json::from_str(&value)
        .map_err(|err| Error::Db(sea_orm::DbErr::Custom(format!("the survey setting is not a survey: {err}"))))
}

/// Checks and stores the settings; answers them as stored.
pub async fn save(db: &impl ConnectionTrait, settings: SurveySettings) -> Result<SurveySettings> {
    let settings = normalize(settings)?;
    let json = serde_json::to_string(&settings).map_err(|err| Error::Db(sea_orm::DbErr::Custom(err.to_string())))?;
    let mut b = Binder::new(db.get_database_backend());
    let sql = format!(
        "INSERT INTO tenant_settings (key, value, updated_at) VALUES ({}, {}, {}) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        b.p(KEY),
        b.p(json),
        b.p(Utc::now())
    );
    db.execute_raw(b.statement(sql)).await?;
    Ok(settings)
}

fn first_name(name: &str) -> &str {
    name.split_whitespace().next().unwrap_or_default()
}

/// A person closed `ticket_id`: the survey goes to its customer when the company asks for it.
pub async fn on_close(unit: &Unit, ticket_id: i32) -> Result<()> {
    let settings = settings(unit).await?;
    if !settings.enabled {
        return Ok(());
    }
    let Some(ticket) = ticket::Entity::find_by_id(ticket_id).one(unit).await? else { return Ok(()) };
    let now = Utc::now();
    let excluded = ticket.department_id.is_some_and(|d| settings.excluded_department_ids.contains(&d));
    let window_closed = ticket.window_closes_at.is_some_and(|closes| closes <= now);
    let Some(agent_id) = ticket.assigned_user_id else { return Ok(()) };
    if excluded || window_closed {
        return Ok(());
    }
    let Some(customer) = customer::Entity::find_by_id(ticket.customer_id).one(unit).await? else { return Ok(()) };
    if customer.blacklisted {
        return Ok(());
    }
    let agent = user::Entity::find_by_id(agent_id).one(unit).await?.map(|u| u.name).unwrap_or_default();
    let mut b = Binder::new(unit.get_database_backend());
    let sql = format!(
        "INSERT INTO survey_responses (ticket_id, customer_id, instance_id, department_id, user_id, closing_reason_id, \
         status, sent_at, expires_at) VALUES ({}, {}, {}, {}, {}, {}, 'sent', {}, {})",
        b.p(ticket.id),
        b.p(ticket.customer_id),
        b.p(ticket.instance_id),
        b.p(ticket.department_id),
        b.p(agent_id),
        b.p(ticket.closing_reason_id),
        b.p(now),
        b.p(now + Duration::minutes(i64::from(settings.answer_minutes)))
    );
    unit.execute_raw(b.statement(sql)).await?;
    let question = settings
        .question
        .replace("{{nome}}", first_name(&customer.name))
        .replace("{{atendente}}", first_name(&agent))
        .replace(" ,", ",");
    send(unit, &ticket, &question).await
}

/// Queues one of the survey's messages on `ticket`; whoever watches the conversation sees it.
async fn send(unit: &Unit, ticket: &ticket::Model, text: &str) -> Result<()> {
    let sent = conversation_messages::queue_from_bot(unit, ticket, text).await?;
    let names = Names::of_tickets(unit, std::slice::from_ref(ticket)).await?;
    unit.raise(
        ChatNotification { ticket: Some(names.ticket(ticket)), message: Some(names.message(&sent)), notice: None }
            .to(Audience::of_ticket(ticket, &[])),
    );
    Ok(())
}

/// A rating of 1 to 5 at the start of `text`, and what follows it as the comment: "5", "4 -
/// demorou um pouco", "5, ótimo!". `None`: not an answer.
pub fn parse(text: &str) -> Option<(i32, Option<String>)> {
    let text = text.trim();
    let mut chars = text.chars();
    let rating = chars.next()?.to_digit(10).filter(|d| (1..=5).contains(d))?;
    let rest = chars.as_str();
    // "10" or "5000" are not ratings; a keycap emoji ("5️⃣") is.
    let rest = rest.trim_start_matches(['\u{fe0f}', '\u{20e3}']);
    if rest.starts_with(|c: char| c.is_alphanumeric()) {
        return None;
    }
    let comment = rest
        .trim_start_matches(|c: char| {
            c.is_whitespace() || matches!(c, '-' | '–' | '—' | ',' | '.' | ':' | ';' | '!' | ')')
        })
        .trim();
    let comment = (!comment.is_empty()).then(|| comment.chars().take(MAX_COMMENT).collect());
    Some((rating as i32, comment))
}

/// The customer wrote `text` on `instance_id` with no ticket open: if a survey of theirs waits
/// and this is a rating, it is recorded (one answer only, even for messages racing) and the
/// survey's ticket (closed) is answered — the message joins it, thanked, and opens nothing.
/// `None`: no survey waits, or the message was something else (the survey is then skipped) —
/// it goes on as before.
pub async fn answer(
    unit: &Unit,
    customer_id: i32,
    instance_id: i32,
    text: &str,
    now: DateTime<Utc>,
) -> Result<Option<ticket::Model>> {
    let mut b = Binder::new(unit.get_database_backend());
    let sql = format!(
        "SELECT id, ticket_id FROM survey_responses WHERE customer_id = {} AND instance_id = {} AND status = 'sent' \
         AND expires_at > {} ORDER BY sent_at DESC LIMIT 1",
        b.p(customer_id),
        b.p(instance_id),
        b.p(now)
    );
    let Some(row) = unit.query_one_raw(b.statement(sql)).await? else { return Ok(None) };
    let (id, ticket_id): (i32, i32) = (row.try_get("", "id")?, row.try_get("", "ticket_id")?);
    let mut b = Binder::new(unit.get_database_backend());
    let Some((rating, comment)) = parse(text) else {
        let sql = format!("UPDATE survey_responses SET status = 'skipped' WHERE id = {} AND status = 'sent'", b.p(id));
        unit.execute_raw(b.statement(sql)).await?;
        return Ok(None);
    };
    let sql = format!(
        "UPDATE survey_responses SET status = 'answered', rating = {}, comment = {}, answered_at = {} \
         WHERE id = {} AND status = 'sent'",
        b.p(rating),
        b.p(comment),
        b.p(now),
        b.p(id)
    );
    if unit.execute_raw(b.statement(sql)).await?.rows_affected() == 0 {
        return Ok(None);
    }
    Ok(ticket::Entity::find_by_id(ticket_id).one(unit).await?)
}

/// Thanks the customer for their answer, on the survey's ticket (after their message).
pub async fn thank(unit: &Unit, ticket: &ticket::Model) -> Result<()> {
    let thanks = settings(unit).await?.thanks;
    send(unit, ticket, &thanks).await
}

/// A ticket's survey as the conversation shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyView {
    /// `sent`, `answered` or `skipped`.
    pub status: String,
    pub rating: Option<i32>,
    pub comment: Option<String>,
    #[schema(value_type = String)]
    pub sent_at: DateTime<Utc>,
    #[schema(value_type = Option<String>)]
    pub answered_at: Option<DateTime<Utc>>,
}

/// The survey of a ticket, if one was sent.
pub async fn of_ticket(db: &impl ConnectionTrait, ticket_id: i32) -> Result<Option<SurveyView>> {
    let mut b = Binder::new(db.get_database_backend());
    let sql = format!(
        "SELECT status, rating, comment, sent_at, answered_at FROM survey_responses WHERE ticket_id = {}",
        b.p(ticket_id)
    );
    let Some(row) = db.query_one_raw(b.statement(sql)).await? else { return Ok(None) };
    Ok(Some(SurveyView {
        status: row.try_get("", "status")?,
        rating: row.try_get("", "rating")?,
        comment: row.try_get("", "comment")?,
        sent_at: row.try_get("", "sent_at")?,
        answered_at: row.try_get("", "answered_at")?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rating_opens_the_message_and_the_rest_is_the_comment() {
        assert_eq!(parse("5"), Some((5, None)));
        assert_eq!(parse(" 4 - demorou um pouco "), Some((4, Some("demorou um pouco".into()))));
        assert_eq!(parse("5, ótimo!"), Some((5, Some("ótimo!".into()))));
        assert_eq!(parse("3️⃣"), Some((3, None)));
        assert_eq!(parse("1 péssimo"), Some((1, Some("péssimo".into()))));
    }

    #[test]
    fn other_messages_are_not_answers() {
        for text in ["", "olá", "10", "0", "6", "2026 foi bom", "5a", "quero falar com alguém"] {
            assert_eq!(parse(text), None, "{text:?}");
        }
    }

    #[test]
    fn settings_are_checked_field_by_field() {
        let bad = SurveySettings { question: " ".into(), answer_minutes: 1, ..SurveySettings::default() };
        let Err(Error::Invalid { code, fields, .. }) = normalize(bad) else { panic!("accepted") };
        assert_eq!(code, "invalid_survey");
        let names: Vec<&str> = fields.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(names, ["question", "answerMinutes"]);
    }
}
