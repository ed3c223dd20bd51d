//! The bot's configuration (docs/bot.md#configuration): one document per scope — the tenant's
//! default, or an instance's own, which replaces the default entirely for that instance — checked
//! here before it is stored, so the conversation code can trust it.
//!
//! The bot runs only once an administrator has saved an enabled configuration: switching the
//! `chatbot` feature on must not put placeholder texts in front of customers. Until then `GET`
//! answers [`BotConfig::template`], a starting point for the editor.

use std::collections::{HashMap, HashSet};

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use crate::domain::media::holds::Attachment;
use crate::{
    domain::{
        calendar::{Calendar, setting as calendar_setting},
        error::{Error, FieldError, Result},
        media::holds,
        privacy::consent::{self, ConsentSetting},
    },
    entities::tenant::{bot_config, closing_reason, department, instance},
    random::random_token,
};

/// The most options a menu has (one digit each).
pub const MAX_OPTIONS: usize = 9;
/// The longest text of a message the bot sends.
pub const MAX_TEXT: usize = 1000;

/// What choosing an option does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Into a department's queue.
    Department,
    /// The bot answers a fixed text and offers the menu again.
    Answer,
    /// To a person, any department.
    Human,
}

/// One option of the menu.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuOption {
    /// Stable id of the option (the panel counts per key); empty or missing for a new option.
    #[serde(default)]
    pub key: String,
    pub label: String,
    pub action: Action,
    #[serde(default)]
    pub department_id: Option<i32>,
    #[serde(default)]
    pub answer: Option<String>,
    /// A file sent with the answer (a price list, a menu): the answer is its caption.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attachment: Option<Attachment>,
}

/// The bot of a scope, as stored and as the API reads and writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BotConfig {
    /// The instance this bot is for; `null`: the tenant's default.
    #[serde(default)]
    pub instance_id: Option<i32>,
    /// The instance has no bot of its own: these are the default's values (read only).
    #[serde(default)]
    pub inherited: bool,
    pub enabled: bool,
    pub name: String,
    /// First message; `{{bot}}` is the bot's name, `{{nome}}` the customer's.
    pub greeting: String,
    /// The line above the numbered options.
    pub menu_prompt: String,
    pub options: Vec<MenuOption>,
    /// Sent (with the menu) when an answer matches no option.
    pub invalid_message: String,
    /// Answers in a row that match nothing before the bot hands over to a person.
    pub invalid_limit: i32,
    /// Sent when the bot routes or hands over; `{{departamento}}` is where to.
    pub handover_message: String,
    /// Sent after the greeting outside the company's opening hours (the tenant's calendar,
    /// `domain::calendar::setting`).
    pub out_of_hours_message: String,
    /// Minutes without an answer from the customer before the bot closes the ticket.
    pub inactivity_minutes: i32,
    /// The closing reason of those tickets.
    #[serde(default)]
    pub inactivity_reason_id: Option<i32>,
    /// Sent when the bot closes for inactivity (empty: nothing).
    pub inactivity_message: String,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub updated_at: Option<chrono::DateTime<Utc>>,
}

impl BotConfig {
    /// A sensible starting point (disabled): one option that hands over to a person.
    pub fn template() -> Self {
        Self {
            instance_id: None,
            inherited: false,
            enabled: false,
            name: "Maria".into(),
            greeting: "Olá, {{nome}}! Eu sou a {{bot}}, assistente virtual. Vou te ajudar a chegar à pessoa certa."
                .into(),
            menu_prompt: "Responda com o número da opção:".into(),
            options: vec![MenuOption {
                key: "atendente".into(),
                label: "Falar com um atendente".into(),
                action: Action::Human,
                department_id: None,
                answer: None,
                attachment: None,
            }],
            invalid_message: "Não entendi sua resposta.".into(),
            invalid_limit: 3,
            handover_message: "Certo! Vou te encaminhar para {{departamento}}. Em instantes alguém vai te atender."
                .into(),
            out_of_hours_message: "Estamos fora do horário de atendimento. Deixe sua mensagem que responderemos \
                                   assim que possível."
                .into(),
            inactivity_minutes: 30,
            inactivity_reason_id: None,
            inactivity_message: "Como não tivemos resposta, encerramos este atendimento. Se precisar, é só \
                                 escrever de novo."
                .into(),
            updated_at: None,
        }
    }

    /// An option by key.
    pub fn option(&self, key: &str) -> Option<&MenuOption> {
        self.options.iter().find(|o| o.key == key)
    }
}

/// Checks a configuration on its own (the database checks are in [`save`]); gives new options a
/// key. Every problem is reported at once, by field, for the editor.
pub fn normalize(mut config: BotConfig) -> Result<BotConfig> {
    let mut errors = Vec::new();
    let mut need = |ok: bool, field: &str, message: &str| {
        if !ok {
            errors.push(FieldError::new(field, message));
        }
    };
    config.name = config.name.trim().to_owned();
    need(
        !config.name.is_empty() && config.name.chars().count() <= 60,
        "name",
        "Dê um nome ao bot (até 60 caracteres).",
    );
    for (field, text, required) in [
        ("greeting", &config.greeting, true),
        ("menuPrompt", &config.menu_prompt, true),
        ("invalidMessage", &config.invalid_message, true),
        ("handoverMessage", &config.handover_message, true),
        ("outOfHoursMessage", &config.out_of_hours_message, true),
        ("inactivityMessage", &config.inactivity_message, false),
    ] {
        let length = text.trim().chars().count();
        need(
            (!required || length > 0) && length <= MAX_TEXT,
            field,
            &format!("Escreva a mensagem (até {MAX_TEXT} caracteres)."),
        );
    }
    need(
        !config.options.is_empty() && config.options.len() <= MAX_OPTIONS,
        "options",
        &format!("O menu precisa de 1 a {MAX_OPTIONS} opções."),
    );
    let mut labels = HashSet::new();
    let mut keys = HashSet::new();
    for (i, option) in config.options.iter_mut().enumerate() {
        option.label = option.label.trim().to_owned();
        let field = |name: &str| format!("options[{i}].{name}");
        let label_ok = !option.label.is_empty() && option.label.chars().count() <= 60;
        need(label_ok, &field("label"), "Dê um texto à opção (até 60 caracteres).");
        need(
            !label_ok || labels.insert(super::matching::normalize(&option.label)),
            &field("label"),
            "Duas opções com o mesmo texto confundem o cliente.",
        );
        match option.action {
            Action::Department => {
                need(option.department_id.is_some(), &field("departmentId"), "Escolha o departamento.");
                option.answer = None;
                option.attachment = None;
            }
            Action::Answer => {
                let answer = option.answer.as_deref().map(str::trim).unwrap_or_default();
                need(
                    !answer.is_empty() && answer.chars().count() <= MAX_TEXT,
                    &field("answer"),
                    &format!("Escreva a resposta (até {MAX_TEXT} caracteres)."),
                );
                option.department_id = None;
            }
            Action::Human => {
                option.department_id = None;
                option.answer = None;
                option.attachment = None;
            }
        }
        let key = option.key.trim();
        let key_ok = !key.is_empty()
            && key.len() <= 40
            && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            && !keys.contains(key);
        option.key = if key_ok { key.to_owned() } else { random_token(6).to_lowercase() };
        keys.insert(option.key.clone());
    }
    need((1..=10).contains(&config.invalid_limit), "invalidLimit", "Use de 1 a 10 tentativas.");
    need((1..=1440).contains(&config.inactivity_minutes), "inactivityMinutes", "Use de 1 a 1440 minutos (24 horas).");
    if errors.is_empty() {
        Ok(config)
    } else {
        let message = errors[0].message.clone();
        Err(Error::Invalid { code: "invalid_bot_config", message, fields: errors })
    }
}

/// The saved configuration of a scope (`None`: the tenant's default).
async fn stored(db: &impl ConnectionTrait, instance_id: Option<i32>) -> Result<Option<BotConfig>> {
    let row =
        bot_config::Entity::find().filter(bot_config::Column::InstanceId.eq(instance_id.unwrap_or(0))).one(db).await?;
    row.as_ref().map(parse).transpose()
}

/// A stored row as a configuration.
fn parse(row: &bot_config::Model) -> Result<BotConfig> {
    let mut config: BotConfig = serde_json::from_str(&row.document).map_err(|err| {
        Error::Db(sea_orm::DbErr::Custom(format!("bot_configs {} is not a configuration: {err}", row.id)))
    })?;
    config.instance_id = (row.instance_id != 0).then_some(row.instance_id);
    config.inherited = false;
    config.updated_at = Some(row.updated_at);
    Ok(config)
}

/// Every bot of a tenant, parsed, and the names of the departments they route to: what a bot turn
/// reads. The inbound path keeps it in process (`cache::Caches::bots`; dropped when a configuration
/// or a department changes, and after [`crate::cache::TTL`] in any case), so a customer's message
/// to the bot costs no query for it (docs/performance.md#bot).
#[derive(Debug, Clone, Default)]
pub struct Bots {
    /// By scope: an instance's id, 0 for the tenant's default.
    configs: HashMap<i32, BotConfig>,
    pub departments: HashMap<i32, String>,
    /// The company's calendar: whether a greeting adds the "fora do horário" message.
    pub calendar: Calendar,
    /// The consent step, asked before the greeting when switched on (docs/privacy.md#consent).
    pub consent: ConsentSetting,
}

impl Bots {
    pub async fn load(db: &impl ConnectionTrait) -> Result<Self> {
        let mut configs = HashMap::new();
        for row in bot_config::Entity::find().all(db).await? {
            configs.insert(row.instance_id, parse(&row)?);
        }
        Ok(Self {
            configs,
            departments: department_names(db).await?,
            calendar: calendar_setting::load(db).await?,
            consent: consent::setting(db).await?,
        })
    }

    /// The bot that greets a new ticket on an instance: the instance's own configuration, else the
    /// tenant's default (`instance_id` 0); none when the chosen one is disabled.
    pub fn active_for(&self, instance_id: i32) -> Option<&BotConfig> {
        self.configs.get(&instance_id).or_else(|| self.configs.get(&0)).filter(|c| c.enabled)
    }
}

/// What the editor shows for a scope: its own configuration, else (an instance) the default's,
/// marked inherited, else the template.
pub async fn read(db: &impl ConnectionTrait, instance_id: Option<i32>) -> Result<BotConfig> {
    if let Some(id) = instance_id {
        ensure_instance(db, id).await?;
        if let Some(own) = stored(db, Some(id)).await? {
            return Ok(own);
        }
    }
    let mut config = stored(db, None).await?.unwrap_or_else(BotConfig::template);
    if instance_id.is_some() {
        config.inherited = true;
        config.instance_id = instance_id;
    }
    Ok(config)
}

async fn ensure_instance(db: &impl ConnectionTrait, id: i32) -> Result<()> {
    instance::Entity::find_by_id(id)
        .one(db)
        .await?
        .map(drop)
        .ok_or_else(|| Error::not_found("instance_not_found", "Instância não encontrada."))
}

/// Department names by id (all of the tenant's: a handful).
pub async fn department_names(db: &impl ConnectionTrait) -> Result<HashMap<i32, String>> {
    Ok(department::Entity::find().all(db).await?.into_iter().map(|d| (d.id, d.name)).collect())
}

/// Checks and stores a scope's configuration; answers it as stored.
pub async fn save(
    db: &impl ConnectionTrait,
    instance_id: Option<i32>,
    config: BotConfig,
    user_id: i32,
) -> Result<BotConfig> {
    if let Some(id) = instance_id {
        ensure_instance(db, id).await?;
    }
    let config = check_references(db, normalize(config)?).await?;
    let mut document = config.clone();
    document.instance_id = None;
    document.inherited = false;
    document.updated_at = None;
    let json = serde_json::to_string(&document).map_err(|err| Error::Db(sea_orm::DbErr::Custom(err.to_string())))?;
    let now = Utc::now();
    let scope = instance_id.unwrap_or(0);
    let files: Vec<i32> = config.options.iter().filter_map(|o| o.attachment.as_ref().map(|a| a.media_id)).collect();
    holds::hold(db, &holder(scope), &files).await?;
    match bot_config::Entity::find().filter(bot_config::Column::InstanceId.eq(scope)).one(db).await? {
        Some(row) => {
            let mut active: bot_config::ActiveModel = row.into();
            active.document = Set(json);
            active.updated_by_user_id = Set(Some(user_id));
            active.updated_at = Set(now);
            active.update(db).await?;
        }
        None => {
            bot_config::ActiveModel {
                instance_id: Set(scope),
                document: Set(json),
                updated_by_user_id: Set(Some(user_id)),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(db)
            .await?;
        }
    }
    read(db, instance_id).await
}

/// The departments and closing reason a configuration names exist (and the reason is active).
async fn check_references(db: &impl ConnectionTrait, mut config: BotConfig) -> Result<BotConfig> {
    let departments = department_names(db).await?;
    let mut errors = Vec::new();
    for (i, option) in config.options.iter_mut().enumerate() {
        if let Some(attachment) = option.attachment.as_mut() {
            let field = format!("options[{i}].attachment");
            if let Err(Error::Invalid { message, .. }) = holds::check(db, attachment, &field).await {
                errors.push(FieldError::new(&field, message));
            }
        }
        if let Some(id) = option.department_id
            && !departments.contains_key(&id)
        {
            errors.push(FieldError::new(&format!("options[{i}].departmentId"), "Departamento não encontrado."));
        }
    }
    if let Some(reason) = config.inactivity_reason_id {
        let active = closing_reason::Entity::find_by_id(reason)
            .filter(closing_reason::Column::Activated.eq(true))
            .one(db)
            .await?;
        if active.is_none() {
            errors.push(FieldError::new(
                "inactivityReasonId",
                "Este motivo de encerramento não existe ou foi desativado.",
            ));
        }
    }
    if errors.is_empty() {
        Ok(config)
    } else {
        let message = errors[0].message.clone();
        Err(Error::Invalid { code: "invalid_bot_config", message, fields: errors })
    }
}

/// The name under which a scope's configuration holds its files (0: the tenant's default).
fn holder(scope: i32) -> String {
    format!("bot:{scope}")
}

/// An instance goes back to the tenant's default bot.
pub async fn remove(db: &impl ConnectionTrait, instance_id: i32) -> Result<()> {
    ensure_instance(db, instance_id).await?;
    holds::release(db, &holder(instance_id)).await?;
    bot_config::Entity::delete_many().filter(bot_config::Column::InstanceId.eq(instance_id)).exec(db).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_is_valid_and_new_options_get_keys() {
        let mut config = BotConfig::template();
        config.options.push(MenuOption {
            key: String::new(),
            label: "Horário".into(),
            action: Action::Answer,
            department_id: Some(3),
            answer: Some("Das 8h às 18h.".into()),
            attachment: None,
        });
        let checked = normalize(config).expect("valid");
        assert_eq!(checked.options[0].key, "atendente", "an existing key is kept");
        assert!(!checked.options[1].key.is_empty());
        assert_eq!(checked.options[1].department_id, None, "an answer names no department");
    }

    #[test]
    fn every_problem_is_reported_by_field() {
        let mut config = BotConfig::template();
        config.name = " ".into();
        config.invalid_limit = 0;
        config.options.push(MenuOption {
            key: String::new(),
            label: "falar com um ATENDENTE".into(),
            action: Action::Department,
            department_id: None,
            answer: None,
            attachment: None,
        });
        let Err(Error::Invalid { fields, .. }) = normalize(config) else { panic!("invalid") };
        let names: Vec<&str> = fields.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(names, ["name", "options[1].label", "options[1].departmentId", "invalidLimit"]);
    }
}
