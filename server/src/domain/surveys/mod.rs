//! The customer's satisfaction survey (pesquisa de satisfação; issue 46,
//! docs/service-levels.md#satisfaction-survey). When a person closes a ticket and the company asks
//! (the `survey` setting, per department), the customer receives one message through the
//! instance: the question, answered with a number from 1 to 5 and, if they like, a comment after
//! it ("5, muito rápido!"). The answer is recorded against the ticket, its agent, department and
//! closing reason, thanked, and opens no ticket. Anything else the customer writes goes to a new
//! ticket as before (the survey is then `skipped`); so does an answer after the survey's window.
//!
//! Not sent: a ticket nobody of the team held, closed by the bot's inactivity, or of a blocked
//! customer. On an official number whose 24-hour window is closed Meta refuses free text: the
//! survey then goes as the approved template the company chose for that number (`templates`, its
//! values may hold the same variables), or not at all when none is chosen or it is no longer
//! approved.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ConnectionTrait, EntityTrait};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::{events::ChatNotification, hooks, messages as conversation_messages, views::Names},
        error::{Error, FieldError, Result},
        events::{Audience, DomainEvent},
        instances::{self, message_templates},
        settings,
        sql::Binder,
        unit::Unit,
    },
    entities::tenant::{customer, instance, message, ticket, user},
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
    /// Per official number, the approved template sent past its 24-hour window.
    #[serde(default)]
    pub templates: Vec<SurveyTemplate>,
}

/// The template an official number sends the survey as once the customer's window is closed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyTemplate {
    pub instance_id: i32,
    /// Id do modelo (`GET /api/templates?instanceId=`).
    pub template_id: i32,
    /// Os valores de `{{1}}`, `{{2}}`…, na ordem; podem usar `{{nome}}` e `{{atendente}}`.
    #[serde(default)]
    pub parameters: Vec<String>,
}

impl SurveyTemplate {
    /// The values with the variables filled.
    fn values(&self, customer: &str, agent: &str) -> Vec<String> {
        self.parameters.iter().map(|v| fill(v, customer, agent)).collect()
    }
}

/// `text` with `{{nome}}` and `{{atendente}}` replaced by the first names.
fn fill(text: &str, customer: &str, agent: &str) -> String {
    text.replace("{{nome}}", first_name(customer)).replace("{{atendente}}", first_name(agent)).replace(" ,", ",")
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
            templates: Vec::new(),
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
    Ok(settings::read(db, KEY).await?.unwrap_or_default())
}

/// Checks and stores the settings; answers them as stored.
pub async fn save(db: &impl ConnectionTrait, settings: SurveySettings) -> Result<SurveySettings> {
    let settings = normalize(settings)?;
    check_templates(db, &settings.templates).await?;
    self::settings::write(db, KEY, &settings).await?;
    Ok(settings)
}

/// Each chosen template: on an official number, one per number, approved, every value given (with
/// sample names in the variables, as `message_templates::prepare` checks a send).
async fn check_templates(db: &impl ConnectionTrait, templates: &[SurveyTemplate]) -> Result<()> {
    let mut errors = Vec::new();
    let mut seen = Vec::new();
    for (index, chosen) in templates.iter().enumerate() {
        let field = |name: &str| format!("templates[{index}].{name}");
        let number = instance::Entity::find_by_id(chosen.instance_id).one(db).await?;
        if !number.is_some_and(|n| instances::Kind::stored(&n.provider_kind) == instances::Kind::Cloud) {
            errors.push(FieldError::new(&field("instanceId"), "Escolha um número oficial."));
            continue;
        }
        if seen.contains(&chosen.instance_id) {
            errors.push(FieldError::new(&field("instanceId"), "Um modelo por número."));
            continue;
        }
        seen.push(chosen.instance_id);
        match message_templates::prepare(db, chosen.instance_id, chosen.template_id, &chosen.values("Maria", "Ana"))
            .await
        {
            Ok(_) => {}
            Err(Error::Invalid { fields, .. }) => errors.extend(fields.into_iter().map(|f| {
                let name = match f.field.strip_prefix("template.") {
                    Some("id") => field("templateId"),
                    Some(rest) => field(rest),
                    None => field("templateId"),
                };
                FieldError::new(&name, f.message)
            })),
            Err(other) => return Err(other),
        }
    }
    match errors.first() {
        Some(first) => {
            let message = first.message.clone();
            Err(Error::Invalid { code: "invalid_survey", message, fields: errors })
        }
        None => Ok(()),
    }
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
    if excluded {
        return Ok(());
    }
    let template = match window_closed {
        true => match settings.templates.iter().find(|t| t.instance_id == ticket.instance_id) {
            Some(template) => Some(template),
            None => return Ok(()),
        },
        false => None,
    };
    let Some(customer) = customer::Entity::find_by_id(ticket.customer_id).one(unit).await? else { return Ok(()) };
    if customer.blacklisted {
        return Ok(());
    }
    let agent = user::Entity::find_by_id(agent_id).one(unit).await?.map(|u| u.name).unwrap_or_default();
    // Past the window: the template, filled now; one no longer approved (or changed by a sync)
    // sends nothing, as no template would.
    let prepared = match template {
        Some(template) => {
            let values = template.values(&customer.name, &agent);
            match message_templates::prepare(unit, template.instance_id, template.template_id, &values).await {
                Ok(prepared) => Some(prepared),
                Err(Error::Invalid { message, .. }) => {
                    tracing::warn!(ticket = ticket.id, %message, "survey template not sendable; survey skipped");
                    return Ok(());
                }
                Err(other) => return Err(other),
            }
        }
        None => None,
    };
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
    let sent = match prepared {
        Some((text, used)) => conversation_messages::queue_template_from_bot(unit, &ticket, &text, used).await?,
        None => {
            let question = fill(&settings.question, &customer.name, &agent);
            conversation_messages::queue_from_bot(unit, &ticket, &question).await?
        }
    };
    show(unit, &ticket, &sent).await
}

/// Queues one of the survey's messages on `ticket`; whoever watches the conversation sees it.
async fn send(unit: &Unit, ticket: &ticket::Model, text: &str) -> Result<()> {
    let sent = conversation_messages::queue_from_bot(unit, ticket, text).await?;
    show(unit, ticket, &sent).await
}

/// Tells whoever watches the conversation of `ticket` about the survey's message `sent`.
async fn show(unit: &Unit, ticket: &ticket::Model, sent: &message::Model) -> Result<()> {
    let names = Names::of_tickets(unit, std::slice::from_ref(ticket)).await?;
    let message = names.message(sent);
    hooks::message(unit, &message).await?;
    unit.raise(
        ChatNotification { ticket: Some(names.ticket(ticket)), message: Some(message), notice: None }
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
