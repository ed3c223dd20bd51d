//! The bot in front of real customers (docs/bot.md#conversation): a new ticket on an instance with
//! an enabled bot opens `bot`; the bot greets, reads the answers, and either answers itself or
//! puts the ticket in the people's queue (`pending`, for a department or anyone), telling the
//! people who will serve it with a `ChatNotification`. An agent may take the ticket over at any
//! time; a customer who stops answering has the ticket closed after the configured inactivity.
//!
//! Every step is recorded in `bot_steps`, and the conversation's state and outcome in
//! `bot_sessions`, for the Maria panel. All of it runs inside the inbound message's unit, so a
//! failed step leaves nothing half-done, and the bot's messages go out through the outbox.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QuerySelect, Set,
    sea_query::Expr,
};

use super::{
    config::{BotConfig, Bots},
    dialogue::{self, Context, Outcome, Step, Turn},
};
use crate::{
    domain::{
        conversations::{
            events::{ChatNotification, ChatTicketClosed},
            hooks, messages,
            tickets::{self, TicketStatus},
            views::{self, Names},
        },
        distribution,
        error::Result,
        events::{Audience, DomainEvent},
        outbox::{self, BotTimeout},
        privacy::consent::{self, ConsentSetting},
        sla,
        unit::Unit,
    },
    entities::tenant::{bot_session, bot_step, customer, message, ticket},
};

/// `bot_sessions.status` while the bot holds the ticket.
pub const ACTIVE: &str = "active";

/// What the customer said, and to whom.
#[derive(Debug, Clone, Copy)]
pub struct Said<'a> {
    pub customer: &'a customer::Model,
    pub instance_name: &'a str,
    pub text: &'a str,
    pub at: DateTime<Utc>,
}

/// The bot (`config`, one of `bots`) greets a ticket its customer just opened — or first asks
/// for their consent, when the company switched the step on and they have not answered its
/// current text (docs/privacy.md#consent).
pub async fn start(unit: &Unit, bots: &Bots, config: &BotConfig, ticket: &ticket::Model, said: Said<'_>) -> Result<()> {
    let ctx = Context { customer_name: &said.customer.name, departments: &bots.departments };
    let open = bots.calendar.is_open(said.at);
    let ask_consent = bots.consent.enabled
        && !bots.consent.text.is_empty()
        && !consent::answered(unit, said.customer.id, bots.consent.version).await?;
    let turn = if ask_consent { consent_turn(&bots.consent, 0) } else { dialogue::open(config, ctx, open) };
    let session = bot_session::ActiveModel {
        awaiting_consent: Set(ask_consent),
        ticket_id: Set(ticket.id),
        instance_id: Set(ticket.instance_id),
        status: Set(ACTIVE.into()),
        invalid_count: Set(0),
        answers: Set(0),
        out_of_hours: Set(!open),
        started_at: Set(said.at),
        last_customer_at: Set(said.at),
        created_at: Set(said.at),
        updated_at: Set(said.at),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    schedule_timeout(unit, config, &session).await?;
    play(unit, config, ticket, session, turn, said).await
}

/// The customer answered the bot (the tenant's `bots` as the inbound path holds them).
pub async fn answer(unit: &Unit, bots: &Bots, ticket: &ticket::Model, said: Said<'_>) -> Result<()> {
    let Some(session) = active_session(unit, ticket.id).await? else {
        // A bot ticket without a conversation (should not happen): people take it.
        let names = Names::default()
            .with_customer(said.customer)
            .with_instance(ticket.instance_id, said.instance_name)
            .with_tags_of(unit, &[ticket.id])
            .await?;
        return release(unit, ticket, None, "O atendimento voltou para a fila.", &names).await.map(drop);
    };
    let Some(config) = bots.active_for(ticket.instance_id) else {
        // The bot was switched off mid-conversation: the ticket goes to the people's queue.
        let turn = Turn {
            replies: Vec::new(),
            step: Step::HandedOver,
            option: None,
            outcome: Outcome::HandedOver,
            invalid_count: session.invalid_count,
            attachment: None,
        };
        return play(unit, &BotConfig::template(), ticket, session, turn, said).await;
    };
    let ctx = Context { customer_name: &said.customer.name, departments: &bots.departments };
    if session.awaiting_consent {
        return answer_consent(unit, bots, config, ticket, session, said).await;
    }
    let turn = dialogue::answer(config, ctx, session.invalid_count, said.text);
    play(unit, config, ticket, session, turn, said).await
}

/// Unreadable answers to the consent question after which the bot stops asking (nothing is
/// recorded: the customer did not say) and goes on to its menu.
const CONSENT_TRIES: i32 = 3;

/// The consent question (again, after `invalid_count` unreadable answers).
fn consent_turn(setting: &ConsentSetting, invalid_count: i32) -> Turn {
    let mut replies = Vec::new();
    if invalid_count > 0 {
        replies.push("Não entendi sua resposta.".to_owned());
    }
    replies.push(setting.text.clone());
    replies.push("Responda 1 para aceitar ou 2 para recusar.".to_owned());
    Turn { replies, step: Step::Consent, option: None, outcome: Outcome::Stay, invalid_count, attachment: None }
}

/// The customer answered the consent question: the answer is recorded (with the text and its
/// version) and the bot goes on to its greeting; an answer that is neither is asked again, up to
/// [`CONSENT_TRIES`] times. Refusing does not refuse service: the company still answers.
async fn answer_consent(
    unit: &Unit,
    bots: &Bots,
    config: &BotConfig,
    ticket: &ticket::Model,
    session: bot_session::Model,
    said: Said<'_>,
) -> Result<()> {
    let ctx = Context { customer_name: &said.customer.name, departments: &bots.departments };
    let answer = consent::parse_answer(said.text);
    if answer.is_none() && session.invalid_count + 1 < CONSENT_TRIES {
        return play(
            unit,
            config,
            ticket,
            session.clone(),
            consent_turn(&bots.consent, session.invalid_count + 1),
            said,
        )
        .await;
    }
    let mut thanks = None;
    if let Some(granted) = answer {
        consent::record(unit, said.customer.id, &bots.consent, granted, "bot", Some(ticket.id)).await?;
        thanks = Some(if granted {
            "Obrigado! Seu consentimento foi registrado."
        } else {
            "Tudo bem, registramos sua escolha."
        });
    }
    let mut waiting: bot_session::ActiveModel = session.clone().into();
    waiting.awaiting_consent = Set(false);
    waiting.invalid_count = Set(0);
    let session = waiting.update(unit).await?;
    let mut turn = dialogue::open(config, ctx, bots.calendar.is_open(said.at));
    if let Some(thanks) = thanks {
        turn.replies.insert(0, thanks.to_owned());
    }
    play(unit, config, ticket, session, turn, said).await
}

/// The conversation the bot holds on a ticket, locked until the unit ends (two messages of one
/// customer at once are answered one after the other).
async fn active_session(unit: &Unit, ticket_id: i32) -> Result<Option<bot_session::Model>> {
    let mut query = bot_session::Entity::find()
        .filter(bot_session::Column::TicketId.eq(ticket_id))
        .filter(bot_session::Column::Status.eq(ACTIVE));
    if unit.get_database_backend() == DbBackend::Postgres {
        query = query.lock_exclusive();
    }
    Ok(query.one(unit).await?)
}

/// Sends a turn's replies, records the step, and moves the ticket when the turn ends the bot's
/// part.
async fn play(
    unit: &Unit,
    config: &BotConfig,
    ticket: &ticket::Model,
    session: bot_session::Model,
    turn: Turn,
    said: Said<'_>,
) -> Result<()> {
    let mut sent = Vec::new();
    match (&turn.attachment, turn.message()) {
        // The answer's file, with the turn's text as its caption: still one message per turn.
        (Some(attachment), text) => {
            sent.push(messages::queue_from_bot_with(unit, ticket, &text.unwrap_or_default(), Some(attachment)).await?)
        }
        (None, Some(text)) => sent.push(messages::queue_from_bot(unit, ticket, &text).await?),
        (None, None) => {}
    }
    record(unit, &session, turn.step.as_str(), said.text, turn.option.as_ref(), said.at).await?;
    let (key, label) = turn.option.clone().unzip();
    let mut active: bot_session::ActiveModel = session.clone().into();
    active.invalid_count = Set(turn.invalid_count);
    active.last_customer_at = Set(said.at);
    active.updated_at = Set(Utc::now());
    if turn.step == Step::Answer {
        active.answers = Set(session.answers + 1);
    }
    // Everything the events name is at hand but the ticket's tags (an administrator may have tagged
    // it while the bot holds it).
    let mut names = Names::default()
        .with_customer(said.customer)
        .with_instance(ticket.instance_id, said.instance_name)
        .with_tags_of(unit, &[ticket.id])
        .await?;
    let (notice, department_id) = match &turn.outcome {
        Outcome::Stay => (None, None),
        Outcome::Routed { department_id, department_name } => {
            names = names.with_department(*department_id, department_name);
            let option = label.as_ref().map(|l| format!(" (opção \"{l}\")")).unwrap_or_default();
            let notice = format!("{} encaminhou {} para {department_name}{option}.", config.name, said.customer.name);
            (Some(notice), Some(*department_id))
        }
        Outcome::HandedOver => {
            (Some(format!("{} passou {} para um atendente.", config.name, said.customer.name)), None)
        }
    };
    if notice.is_some() {
        active.status = Set(if department_id.is_some() { "routed" } else { "handed_over" }.into());
        active.option_key = Set(key);
        active.option_label = Set(label);
        active.department_id = Set(department_id);
        active.ended_at = Set(Some(said.at));
    }
    // A greeting leaves the session as `start` inserted it a moment ago: one statement less on
    // every ticket the bot opens. Any later turn moves at least `last_customer_at`.
    let unchanged = notice.is_none()
        && turn.step != Step::Answer
        && turn.invalid_count == session.invalid_count
        && said.at == session.last_customer_at;
    if !unchanged {
        active.update(unit).await?;
    }
    let current = match (&notice, sent.last()) {
        (Some(notice), _) => release(unit, ticket, department_id, notice, &names).await?,
        (None, Some(last)) => tickets::touch(unit, ticket.id, &last.body, Utc::now(), false, None).await?.ticket,
        (None, None) => ticket.clone(),
    };
    raise_sent(unit, &current, &sent, &names).await?;
    Ok(())
}

/// The bot's messages, live in the conversation for whoever watches it (and `message.sent` for
/// integrators).
async fn raise_sent(unit: &Unit, ticket: &ticket::Model, sent: &[message::Model], names: &Names) -> Result<()> {
    let view = names.ticket(ticket);
    for message in sent {
        let message = names.message(message);
        hooks::message(unit, &message).await?;
        unit.raise(
            ChatNotification { ticket: Some(view.clone()), message: Some(message), notice: None }
                .to(Audience::of_ticket(ticket, &[])),
        );
    }
    Ok(())
}

/// The ticket leaves the bot for the people's queue (`pending`, for `department_id` or anyone);
/// those who will serve it are told.
async fn release(
    unit: &Unit,
    ticket: &ticket::Model,
    department_id: Option<i32>,
    notice: &str,
    names: &Names,
) -> Result<ticket::Model> {
    let now = Utc::now();
    let released = ticket::Entity::update_many()
        .col_expr(ticket::Column::Status, Expr::value(TicketStatus::Pending))
        .col_expr(ticket::Column::DepartmentId, Expr::value(department_id))
        .col_expr(ticket::Column::LastActivityAt, Expr::value(now))
        .col_expr(ticket::Column::LastMessagePreview, Expr::value(views::preview(notice)))
        .col_expr(ticket::Column::UpdatedAt, Expr::value(now))
        .filter(ticket::Column::Id.eq(ticket.id))
        .filter(ticket::Column::Status.eq(TicketStatus::Bot))
        .exec_with_returning(unit)
        .await?
        .into_iter()
        .next()
        .unwrap_or_else(|| ticket.clone());
    // In the people's queue now: its department's SLA clock starts, counted from the opening.
    let released = sla::clock::start(unit, released.id).await?.unwrap_or(released);
    unit.raise(
        ChatNotification { ticket: Some(names.ticket(&released)), message: None, notice: Some(notice.to_owned()) }
            .to(Audience::of_ticket(&released, &[])),
    );
    // The bot's routing feeds the same distribution as the queue.
    distribution::kick(unit).await?;
    Ok(released)
}

async fn record(
    db: &impl ConnectionTrait,
    session: &bot_session::Model,
    step: &str,
    input: &str,
    option: Option<&(String, String)>,
    at: DateTime<Utc>,
) -> Result<()> {
    bot_step::ActiveModel {
        session_id: Set(session.id),
        ticket_id: Set(session.ticket_id),
        instance_id: Set(session.instance_id),
        at: Set(at),
        input: Set(input.chars().take(200).collect()),
        step: Set(step.to_owned()),
        option_key: Set(option.map(|(k, _)| k.clone())),
        option_label: Set(option.map(|(_, l)| l.clone())),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// An agent took the ticket (accepted it from the bot tab, or closed it): the bot stops.
pub async fn taken_over(db: &impl ConnectionTrait, ticket_id: i32, at: DateTime<Utc>) -> Result<()> {
    let Some(session) = bot_session::Entity::find()
        .filter(bot_session::Column::TicketId.eq(ticket_id))
        .filter(bot_session::Column::Status.eq(ACTIVE))
        .one(db)
        .await?
    else {
        return Ok(());
    };
    record(db, &session, "taken_over", "", None, at).await?;
    let mut active: bot_session::ActiveModel = session.into();
    active.status = Set("taken_over".into());
    active.ended_at = Set(Some(at));
    active.updated_at = Set(Utc::now());
    active.update(db).await?;
    Ok(())
}

/// Queues the check for the customer's silence at `last_customer_at + inactivity`.
async fn schedule_timeout(unit: &Unit, config: &BotConfig, session: &bot_session::Model) -> Result<()> {
    let due = session.last_customer_at + Duration::minutes(i64::from(config.inactivity_minutes));
    outbox::enqueue(unit, &BotTimeout { session_id: session.id }, due).await
}

/// The inactivity check of a conversation (the `bot.timeout` job): still silent since the last
/// answer → the ticket closes with the configured reason (and message); the customer wrote since
/// → the next check is queued for the new deadline. One check is pending per conversation.
pub async fn check_inactivity(unit: &Unit, session_id: i32, now: DateTime<Utc>) -> Result<()> {
    let Some(session) = bot_session::Entity::find_by_id(session_id).one(unit).await? else {
        return Ok(());
    };
    if session.status != ACTIVE {
        return Ok(());
    }
    // A rare job: it reads the bots afresh rather than through the inbound path's cache.
    let config = Bots::load(unit).await?.active_for(session.instance_id).cloned().unwrap_or_else(BotConfig::template);
    let due = session.last_customer_at + Duration::minutes(i64::from(config.inactivity_minutes));
    if now < due {
        return schedule_timeout(unit, &config, &session).await;
    }
    let Some(found) = ticket::Entity::find_by_id(session.ticket_id).one(unit).await? else {
        return Ok(());
    };
    if found.status != TicketStatus::Bot {
        return Ok(());
    }
    let mut sent = Vec::new();
    if !config.inactivity_message.trim().is_empty() {
        sent.push(messages::queue_from_bot(unit, &found, config.inactivity_message.trim()).await?);
    }
    let outcome = if session.answers > 0 { "resolved" } else { "abandoned" };
    record(unit, &session, outcome, "", None, now).await?;
    let mut active: bot_session::ActiveModel = session.into();
    active.status = Set(outcome.into());
    active.ended_at = Set(Some(now));
    active.updated_at = Set(now);
    active.update(unit).await?;
    let mut closing: ticket::ActiveModel = found.into();
    closing.status = Set(TicketStatus::Closed);
    closing.closed_at = Set(Some(now));
    closing.closing_reason_id = Set(config.inactivity_reason_id);
    closing.last_activity_at = Set(Some(now));
    closing.updated_at = Set(now);
    let closed = closing.update(unit).await?;
    let names = Names::of_tickets(unit, std::slice::from_ref(&closed)).await?;
    raise_sent(unit, &closed, &sent, &names).await?;
    let view = names.ticket(&closed);
    hooks::closed(unit, &view).await?;
    unit.raise(ChatTicketClosed { ticket: view }.to(Audience::of_ticket(&closed, &[])));
    Ok(())
}
