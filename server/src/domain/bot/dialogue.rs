//! What the bot says and decides, as pure functions of its configuration, the conversation so far
//! and what the customer typed (docs/bot.md#conversation). The live bot ([`super::live`]) and the
//! editor's simulator ([`super::simulate`]) both call these, so the simulator answers exactly as
//! the bot would.

use std::collections::HashMap;

use super::{
    config::{Action, Attachment, BotConfig, MenuOption},
    matching,
};

/// What the bot knows besides its configuration.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    pub customer_name: &'a str,
    /// Department names by id.
    pub departments: &'a HashMap<i32, String>,
}

/// What a step did to the ticket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The bot keeps the ticket.
    Stay,
    /// Into a department's queue.
    Routed { department_id: i32, department_name: String },
    /// To a person, any department.
    HandedOver,
}

/// The kind of a step, as recorded in `bot_steps.step`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Greeting,
    Answer,
    Invalid,
    Routed,
    HandedOver,
    /// The consent question, asked or asked again (docs/privacy.md#consent).
    Consent,
}

impl Step {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Greeting => "greeting",
            Self::Answer => "answer",
            Self::Invalid => "invalid",
            Self::Routed => "routed",
            Self::HandedOver => "handed_over",
            Self::Consent => "consent",
        }
    }
}

/// One turn of the bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// Messages to send, in order.
    pub replies: Vec<String>,
    pub step: Step,
    /// The option chosen, if any (`key`, `label`).
    pub option: Option<(String, String)>,
    pub outcome: Outcome,
    /// Unmatched answers in a row after this turn.
    pub invalid_count: i32,
    /// A file the turn's message carries (an `answer` option's), its text then the caption.
    pub attachment: Option<Attachment>,
}

impl Turn {
    /// The turn as the one message the customer receives: its parts a blank line apart. One
    /// message per turn, so a provider can never deliver the menu before the greeting.
    pub fn message(&self) -> Option<String> {
        let parts: Vec<&str> = self.replies.iter().map(|r| r.trim()).filter(|r| !r.is_empty()).collect();
        (!parts.is_empty()).then(|| parts.join("\n\n"))
    }
}

/// The numbered menu.
pub fn menu(config: &BotConfig) -> String {
    let mut text = config.menu_prompt.trim().to_owned();
    for (i, option) in config.options.iter().enumerate() {
        text.push_str(&format!("\n{} - {}", i + 1, option.label));
    }
    text
}

fn render(template: &str, config: &BotConfig, ctx: Context<'_>, department: &str) -> String {
    let first_name = ctx.customer_name.split_whitespace().next().unwrap_or_default();
    template
        .replace("{{bot}}", &config.name)
        .replace("{{nome}}", first_name)
        .replace("{{departamento}}", department)
        .replace(" ,", ",")
        .trim()
        .to_owned()
}

/// The bot's first turn on a new ticket: the greeting, the out-of-hours notice when the company
/// is closed (`open`: its calendar says it is open now), the menu.
pub fn open(config: &BotConfig, ctx: Context<'_>, open: bool) -> Turn {
    let mut replies = vec![render(&config.greeting, config, ctx, "")];
    if !open {
        replies.push(render(&config.out_of_hours_message, config, ctx, ""));
    }
    replies.push(menu(config));
    Turn { replies, step: Step::Greeting, option: None, outcome: Outcome::Stay, invalid_count: 0, attachment: None }
}

/// The bot's turn after the customer answered the menu.
pub fn answer(config: &BotConfig, ctx: Context<'_>, invalid_count: i32, input: &str) -> Turn {
    let chosen = matching::choose(config.options.iter().map(|o| o.label.as_str()), input);
    let Some(option) = chosen.and_then(|i| config.options.get(i)) else {
        let invalid_count = invalid_count + 1;
        if invalid_count >= config.invalid_limit {
            return hand_over(config, ctx, None, Step::HandedOver, invalid_count);
        }
        return Turn {
            replies: vec![render(&config.invalid_message, config, ctx, ""), menu(config)],
            step: Step::Invalid,
            option: None,
            outcome: Outcome::Stay,
            invalid_count,
            attachment: None,
        };
    };
    let picked = Some((option.key.clone(), option.label.clone()));
    match option.action {
        Action::Answer => Turn {
            replies: vec![render(option.answer.as_deref().unwrap_or_default(), config, ctx, ""), menu(config)],
            step: Step::Answer,
            option: picked,
            outcome: Outcome::Stay,
            invalid_count: 0,
            attachment: option.attachment.clone(),
        },
        Action::Human => hand_over(config, ctx, Some(option), Step::HandedOver, 0),
        Action::Department => match option.department_id.and_then(|id| ctx.departments.get(&id).map(|n| (id, n))) {
            Some((department_id, name)) => Turn {
                replies: vec![render(&config.handover_message, config, ctx, name)],
                step: Step::Routed,
                option: picked,
                outcome: Outcome::Routed { department_id, department_name: name.clone() },
                invalid_count: 0,
                attachment: None,
            },
            // The department was deleted since the bot was saved: a person sorts it out.
            None => hand_over(config, ctx, Some(option), Step::HandedOver, 0),
        },
    }
}

fn hand_over(
    config: &BotConfig,
    ctx: Context<'_>,
    option: Option<&MenuOption>,
    step: Step,
    invalid_count: i32,
) -> Turn {
    Turn {
        replies: vec![render(&config.handover_message, config, ctx, "um de nossos atendentes")],
        step,
        option: option.map(|o| (o.key.clone(), o.label.clone())),
        outcome: Outcome::HandedOver,
        invalid_count,
        attachment: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> BotConfig {
        let mut config = BotConfig::template();
        config.options = vec![
            MenuOption {
                key: "fin".into(),
                label: "Financeiro".into(),
                action: Action::Department,
                department_id: Some(7),
                answer: None,
                attachment: None,
            },
            MenuOption {
                key: "hor".into(),
                label: "Horário de funcionamento".into(),
                action: Action::Answer,
                department_id: None,
                answer: Some("Abrimos das 8h às 18h.".into()),
                attachment: None,
            },
            MenuOption {
                key: "hum".into(),
                label: "Falar com atendente".into(),
                action: Action::Human,
                department_id: None,
                answer: None,
                attachment: None,
            },
        ];
        config.invalid_limit = 2;
        config
    }

    fn departments() -> HashMap<i32, String> {
        HashMap::from([(7, "Financeiro".to_owned())])
    }

    #[test]
    fn the_greeting_names_the_bot_and_customer_and_lists_the_menu() {
        let deps = departments();
        let turn = open(&config(), Context { customer_name: "Ana Souza", departments: &deps }, true);
        assert_eq!(turn.replies.len(), 2);
        assert!(turn.replies[0].starts_with("Olá, Ana! Eu sou a Maria"), "{}", turn.replies[0]);
        assert!(turn.replies[1].ends_with("1 - Financeiro\n2 - Horário de funcionamento\n3 - Falar com atendente"));
    }

    #[test]
    fn a_closed_company_adds_the_out_of_hours_notice() {
        let deps = departments();
        let ctx = Context { customer_name: "Ana", departments: &deps };
        let config = config();
        let closed = open(&config, ctx, false);
        assert_eq!(closed.replies.len(), 3);
        assert_eq!(closed.replies[1], config.out_of_hours_message);
    }

    #[test]
    fn options_answer_route_or_hand_over() {
        let deps = departments();
        let ctx = Context { customer_name: "Ana", departments: &deps };
        let config = config();
        let answered = answer(&config, ctx, 0, "2");
        assert_eq!(answered.outcome, Outcome::Stay);
        assert_eq!(answered.replies[0], "Abrimos das 8h às 18h.");
        let routed = answer(&config, ctx, 0, "financeiro");
        assert_eq!(routed.outcome, Outcome::Routed { department_id: 7, department_name: "Financeiro".into() });
        assert!(routed.replies[0].contains("Financeiro"));
        assert_eq!(answer(&config, ctx, 0, "3").outcome, Outcome::HandedOver);
    }

    #[test]
    fn invalid_answers_repeat_the_menu_then_hand_over_at_the_limit() {
        let deps = departments();
        let ctx = Context { customer_name: "Ana", departments: &deps };
        let config = config();
        let first = answer(&config, ctx, 0, "oi?");
        assert_eq!((first.step, first.invalid_count, first.outcome.clone()), (Step::Invalid, 1, Outcome::Stay));
        let second = answer(&config, ctx, first.invalid_count, "hã");
        assert_eq!((second.step, second.outcome), (Step::HandedOver, Outcome::HandedOver));
    }

    #[test]
    fn a_deleted_department_hands_over_instead() {
        let none = HashMap::new();
        let turn = answer(&config(), Context { customer_name: "Ana", departments: &none }, 0, "1");
        assert_eq!(turn.outcome, Outcome::HandedOver);
    }
}
