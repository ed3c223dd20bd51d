//! The editor's simulator (docs/bot.md#simulator): replays what an administrator typed as a
//! customer through the same [`dialogue`] functions the live bot uses, and answers the transcript.
//! Nothing is stored or sent. Stateless: the client sends the whole conversation each time.

use std::collections::HashMap;

use serde::Serialize;
use utoipa::ToSchema;

use super::{
    config::BotConfig,
    dialogue::{self, Context, Outcome},
};

/// The most customer messages a simulation replays.
pub const MAX_MESSAGES: usize = 50;

/// One line of the simulated conversation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Line {
    /// `customer` or `bot`.
    pub from: &'static str,
    pub text: String,
    /// The name of the file the bot's message carries (its text is then the caption).
    #[serde(rename = "fileName", skip_serializing_if = "Option::is_none")]
    pub file_name: Option<String>,
}

/// Where the simulated ticket ended up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SimulatedOutcome {
    /// `bot` (still with the bot), `routed` or `handed_over`.
    pub status: &'static str,
    pub department_id: Option<i32>,
    pub department_name: Option<String>,
    pub option_key: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Simulation {
    pub transcript: Vec<Line>,
    pub outcome: SimulatedOutcome,
    /// The conversation started outside business hours.
    pub out_of_hours: bool,
}

/// Replays `messages` (what the customer typed, in order), the company `open` or not (its
/// calendar at the simulated moment).
pub fn replay(config: &BotConfig, departments: &HashMap<i32, String>, messages: &[String], open: bool) -> Simulation {
    let ctx = Context { customer_name: "Cliente", departments };
    let mut transcript = Vec::new();
    let mut outcome = SimulatedOutcome { status: "bot", department_id: None, department_name: None, option_key: None };
    let mut invalid_count = 0;
    for (i, message) in messages.iter().enumerate() {
        transcript.push(Line { from: "customer", text: message.clone(), file_name: None });
        if outcome.status != "bot" {
            // Handed over: people answer from here on, not the bot.
            continue;
        }
        let turn = if i == 0 {
            dialogue::open(config, ctx, open)
        } else {
            dialogue::answer(config, ctx, invalid_count, message)
        };
        invalid_count = turn.invalid_count;
        let file_name = turn.attachment.as_ref().map(|a| a.file_name.clone());
        if turn.message().is_some() || file_name.is_some() {
            transcript.push(Line { from: "bot", text: turn.message().unwrap_or_default(), file_name });
        }
        let option_key = turn.option.map(|(key, _)| key);
        match turn.outcome {
            Outcome::Stay => {}
            Outcome::Routed { department_id, department_name } => {
                outcome = SimulatedOutcome {
                    status: "routed",
                    department_id: Some(department_id),
                    department_name: Some(department_name),
                    option_key,
                }
            }
            Outcome::HandedOver => {
                outcome =
                    SimulatedOutcome { status: "handed_over", department_id: None, department_name: None, option_key }
            }
        }
    }
    Simulation { transcript, outcome, out_of_hours: !open }
}
