//! The variables a quick reply may hold (docs/quick-replies.md#variables), filled for one ticket
//! when the picker shows it: `{{nome}}`, `{{primeiro_nome}}`, `{{protocolo}}`, `{{atendente}}`,
//! `{{departamento}}`, `{{saudacao}}`. A variable with nothing to put in (a customer known only by
//! a number has no name; a ticket outside any department) is reported missing: the picker refuses
//! the reply rather than send "Olá, !". Spaces inside the braces are allowed (`{{ nome }}`).

use chrono::{DateTime, Utc};

use crate::domain::{
    error::{Error, Result},
    local_time,
};

/// Every variable, with what it stands for (the editor lists them).
pub const VARIABLES: &[(&str, &str)] = &[
    ("nome", "nome do cliente"),
    ("primeiro_nome", "primeiro nome do cliente"),
    ("protocolo", "protocolo do atendimento"),
    ("atendente", "seu nome"),
    ("departamento", "departamento do atendimento"),
    ("saudacao", "bom dia, boa tarde ou boa noite (horário de São Paulo)"),
];

/// What a ticket gives the variables.
#[derive(Debug, Clone, Default)]
pub struct Context {
    /// The customer's name; `None` when they are known only by their number.
    pub customer_name: Option<String>,
    pub protocol: String,
    /// Who is writing.
    pub agent_name: String,
    pub department_name: Option<String>,
    pub now: DateTime<Utc>,
}

impl Context {
    fn value(&self, name: &str) -> Option<String> {
        let present =
            |value: &Option<String>| value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        match name {
            "nome" => present(&self.customer_name),
            "primeiro_nome" => {
                present(&self.customer_name).and_then(|n| n.split_whitespace().next().map(str::to_owned))
            }
            "protocolo" => Some(self.protocol.clone()).filter(|p| !p.is_empty()),
            "atendente" => Some(self.agent_name.trim().to_owned()).filter(|n| !n.is_empty()),
            "departamento" => present(&self.department_name),
            "saudacao" => Some(local_time::greeting(self.now).to_owned()),
            _ => None,
        }
    }
}

/// A `{{…}}` found in a text: where it is and the name inside, trimmed.
struct Found<'a> {
    start: usize,
    end: usize,
    name: &'a str,
}

fn placeholders(text: &str) -> Vec<Found<'_>> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find("{{").map(|i| from + i) {
        let Some(close) = text[open + 2..].find("}}").map(|i| open + 2 + i) else { break };
        found.push(Found { start: open, end: close + 2, name: text[open + 2..close].trim() });
        from = close + 2;
    }
    found
}

/// Refuses a text naming a variable that does not exist (422 on `body`, listing the known ones).
pub fn check(text: &str) -> Result<()> {
    let unknown: Vec<&str> =
        placeholders(text).into_iter().map(|f| f.name).filter(|n| !VARIABLES.iter().any(|(v, _)| v == n)).collect();
    if unknown.is_empty() {
        return Ok(());
    }
    let known = VARIABLES.iter().map(|(v, _)| format!("{{{{{v}}}}}")).collect::<Vec<_>>().join(", ");
    Err(Error::invalid_field(
        "invalid_variable",
        "body",
        format!("Variável desconhecida: {{{{{}}}}}. Use {known}.", unknown[0]),
    ))
}

/// The text with its variables filled, and the names of those that had nothing to fill (the text
/// keeps their `{{…}}` then).
pub fn render(text: &str, context: &Context) -> (String, Vec<String>) {
    let mut rendered = String::with_capacity(text.len());
    let mut missing: Vec<String> = Vec::new();
    let mut from = 0;
    for found in placeholders(text) {
        rendered.push_str(&text[from..found.start]);
        match context.value(found.name) {
            Some(value) => rendered.push_str(&value),
            None => {
                rendered.push_str(&text[found.start..found.end]);
                if !missing.iter().any(|m| m == found.name) {
                    missing.push(found.name.to_owned());
                }
            }
        }
        from = found.end;
    }
    rendered.push_str(&text[from..]);
    (rendered, missing)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn context() -> Context {
        Context {
            customer_name: Some("Maria Souza".into()),
            protocol: "20261205ABC".into(),
            agent_name: "Lia".into(),
            department_name: None,
            // 13:30 in São Paulo.
            now: Utc.with_ymd_and_hms(2026, 12, 5, 16, 30, 0).unwrap(),
        }
    }

    #[test]
    fn fills_each_variable_and_tells_the_empty_ones() {
        let (text, missing) = render(
            "{{saudacao}}, {{ primeiro_nome }}! Sou {{atendente}} ({{protocolo}}) de {{departamento}}.",
            &context(),
        );
        assert_eq!(text, "Boa tarde, Maria! Sou Lia (20261205ABC) de {{departamento}}.");
        assert_eq!(missing, ["departamento"]);
        let nameless = Context { customer_name: Some("  ".into()), ..context() };
        assert_eq!(render("Olá, {{nome}} {{nome}}", &nameless).1, ["nome"]);
    }

    #[test]
    fn an_unknown_variable_is_refused_and_braces_without_a_close_are_text() {
        assert!(check("Olá {{nome}}, {{saudacao}}").is_ok());
        assert!(check("Olá {{cliente}}").is_err());
        assert_eq!(render("Olá {{nome", &context()).0, "Olá {{nome");
    }
}
