//! The demo's bot: an enabled configuration with an option per department, a fixed answer and a
//! "talk to a person" option, and the conversations it would have had with the window's tickets
//! (`bot_sessions`, `bot_steps`, written set-based from `tickets`), so the Maria panel has a
//! history. A few of the newest waiting tickets are with the bot now, for the inbox's bot tab.
//! Live conversations (with the bot's messages) come from `backoffice-cli simulate`.

use sea_orm::{ConnectionTrait, DbBackend, DbErr, Statement};

use super::{Ctx, directory::Directory};
use crate::domain::bot::config::{self, Action, BotConfig, MenuOption};

/// The fixed answer's option key.
const HOURS_KEY: &str = "horario";
/// The "talk to a person" option key.
const PERSON_KEY: &str = "atendente";

pub(super) async fn seed<C: ConnectionTrait>(db: &C, ctx: &Ctx, dir: &Directory) -> Result<u64, DbErr> {
    let departments = config::department_names(db).await.map_err(|err| DbErr::Custom(err.to_string()))?;
    let mut bot = BotConfig::template();
    bot.enabled = true;
    bot.options = dir
        .department_ids
        .iter()
        .filter_map(|id| departments.get(id).map(|name| (id, name)))
        .take(5)
        .map(|(id, name)| MenuOption {
            key: format!("dep-{id}"),
            label: name.clone(),
            action: Action::Department,
            department_id: Some(*id),
            answer: None,
            attachment: None,
        })
        .collect();
    bot.options.push(MenuOption {
        key: HOURS_KEY.into(),
        label: "Horário de atendimento".into(),
        action: Action::Answer,
        department_id: None,
        answer: Some("Atendemos de segunda a sexta, das 8h às 18h (horário de Brasília).".into()),
        attachment: None,
    });
    bot.options.push(MenuOption {
        key: PERSON_KEY.into(),
        label: "Falar com um atendente".into(),
        action: Action::Human,
        department_id: None,
        answer: None,
        attachment: None,
    });
    bot.inactivity_reason_id = dir.reasons.first().map(|(id, _)| *id);
    config::save(db, None, bot, 0).await.map_err(|err| DbErr::Custom(format!("demo bot: {err}")))?;

    let backend = db.get_database_backend();
    let later = |secs: &str| match backend {
        DbBackend::Postgres => format!("(t.opened_at + INTERVAL '{secs} seconds')"),
        _ => format!("strftime('%Y-%m-%dT%H:%M:%S+00:00', t.opened_at, '+{secs} seconds')"),
    };
    // Each ticket's conversation, by what happened to the ticket: those that reached a department
    // were routed by its option; every fifth of the others was taken over by an agent; the rest
    // asked for a person. A third of them asked the opening hours first.
    let sessions = format!(
        "INSERT INTO bot_sessions (ticket_id, instance_id, status, invalid_count, answers, option_key, option_label, \
           department_id, out_of_hours, started_at, last_customer_at, ended_at, created_at, updated_at) \
         SELECT t.id, t.instance_id, \
           CASE WHEN t.department_id IS NOT NULL THEN 'routed' WHEN t.id % 5 = 0 THEN 'taken_over' \
             ELSE 'handed_over' END, \
           0, CASE WHEN t.id % 3 = 0 THEN 1 ELSE 0 END, \
           CASE WHEN t.department_id IS NOT NULL THEN 'dep-' || t.department_id WHEN t.id % 5 = 0 THEN NULL \
             ELSE '{PERSON_KEY}' END, \
           CASE WHEN t.department_id IS NOT NULL THEN d.name WHEN t.id % 5 = 0 THEN NULL \
             ELSE 'Falar com um atendente' END, \
           t.department_id, {false_}, t.opened_at, t.opened_at, \
           CASE WHEN t.id % 7 = 0 THEN {slow} ELSE {fast} END, t.opened_at, t.opened_at \
         FROM tickets t LEFT JOIN departments d ON d.id = t.department_id \
         WHERE t.status <> 'bot' AND NOT EXISTS (SELECT 1 FROM bot_sessions s WHERE s.ticket_id = t.id)",
        false_ = if backend == DbBackend::Postgres { "false" } else { "0" },
        slow = later("420"),
        fast = later("75"),
    );
    let written = db.execute_raw(Statement::from_string(backend, sessions)).await?.rows_affected();
    // Greetings, fixed answers, and how each ended.
    for (step, at, key, label, filter) in [
        ("greeting", "s.started_at", "NULL", "NULL", "1 = 1"),
        ("answer", "s.started_at", "'horario'", "'Horário de atendimento'", "s.answers > 0"),
        ("s.status", "s.ended_at", "s.option_key", "s.option_label", "s.ended_at IS NOT NULL"),
    ] {
        let step_value = if step.starts_with("s.") { step.to_owned() } else { format!("'{step}'") };
        let sql = format!(
            "INSERT INTO bot_steps (session_id, ticket_id, instance_id, at, input, step, option_key, option_label) \
             SELECT s.id, s.ticket_id, s.instance_id, {at}, '', {step_value}, {key}, {label} FROM bot_sessions s \
             WHERE {filter} AND NOT EXISTS (SELECT 1 FROM bot_steps x WHERE x.session_id = s.id AND x.step = {step_value})"
        );
        db.execute_raw(Statement::from_string(backend, sql)).await?;
    }
    // The newest waiting tickets nobody took are with the bot now.
    let recent = format!(
        "SELECT id FROM tickets WHERE status = 'pending' AND assigned_user_id IS NULL AND department_id IS NULL \
         AND opened_at >= {} ORDER BY opened_at DESC LIMIT 3",
        match backend {
            DbBackend::Postgres => format!("'{}'::timestamptz", (ctx.now - chrono::Duration::days(2)).to_rfc3339()),
            _ => format!("'{}'", (ctx.now - chrono::Duration::days(2)).format("%Y-%m-%dT%H:%M:%S+00:00")),
        }
    );
    for row in db.query_all_raw(Statement::from_string(backend, recent)).await? {
        let id: i32 = row.try_get("", "id")?;
        db.execute_raw(Statement::from_string(
            backend,
            format!(
                "UPDATE bot_sessions SET status = 'active', option_key = NULL, option_label = NULL, ended_at = NULL \
                 WHERE ticket_id = {id}"
            ),
        ))
        .await?;
        for sql in [
            format!("DELETE FROM bot_steps WHERE ticket_id = {id} AND step <> 'greeting'"),
            format!("UPDATE tickets SET status = 'bot' WHERE id = {id}"),
        ] {
            db.execute_raw(Statement::from_string(backend, sql)).await?;
        }
    }
    Ok(written)
}
