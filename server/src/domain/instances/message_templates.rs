//! An official number's message templates (docs/providers.md#templates): what Meta approved for the
//! number to send outside the 24-hour window, kept as Meta last reported them — synced on demand
//! (`POST /api/instance/{id}/templates/sync`) and when Meta reports a status change — and filled
//! with an agent's values for `{{1}}`, `{{2}}`… when one is sent.

use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    domain::{
        error::{Error, FieldError, Result},
        media::payload::TemplateUse,
    },
    entities::tenant::{instance, message_template, template_price},
};

/// The most values a template's body may ask for (Meta's bodies stay far below).
const MAX_PARAMETERS: usize = 100;
/// The longest value of one parameter.
const MAX_VALUE: usize = 1024;

/// A template as Meta reports it (`GET /{waba-id}/message_templates`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteTemplate {
    pub meta_id: Option<String>,
    pub name: String,
    pub language: String,
    pub category: String,
    pub status: String,
    pub header: Option<String>,
    pub body: String,
    pub footer: Option<String>,
    /// Meta's example values of the body's parameters.
    pub examples: Vec<String>,
}

/// A template as the inbox's picker shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateView {
    pub id: i32,
    pub instance_id: i32,
    pub name: String,
    pub language: String,
    /// `MARKETING`, `UTILITY` ou `AUTHENTICATION`.
    pub category: String,
    /// `APPROVED` (só estes podem ser enviados), `PENDING`, `REJECTED`, `PAUSED`, `DISABLED`…
    pub status: String,
    pub header: Option<String>,
    /// O texto, com `{{1}}`, `{{2}}`…
    pub body: String,
    pub footer: Option<String>,
    pub parameters: Vec<ParameterView>,
    pub synced_at: DateTime<Utc>,
}

/// One `{{n}}` of a body, with Meta's example value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ParameterView {
    pub index: usize,
    pub example: Option<String>,
}

impl From<message_template::Model> for TemplateView {
    fn from(t: message_template::Model) -> Self {
        let examples: Vec<String> =
            t.examples.as_deref().and_then(|e| serde_json::from_str(e).ok()).unwrap_or_default();
        let parameters = (1..=t.parameters.max(0) as usize)
            .map(|index| ParameterView { index, example: examples.get(index - 1).cloned() })
            .collect();
        Self {
            id: t.id,
            instance_id: t.instance_id,
            name: t.name,
            language: t.language,
            category: t.category,
            status: t.status,
            header: t.header,
            body: t.body,
            footer: t.footer,
            parameters,
            synced_at: t.synced_at,
        }
    }
}

/// How many positional parameters a body asks for: the largest `{{n}}` in it.
pub fn parameter_count(body: &str) -> usize {
    let mut largest = 0;
    let mut rest = body;
    while let Some(open) = rest.find("{{") {
        rest = &rest[open + 2..];
        if let Some(close) = rest.find("}}")
            && let Ok(n) = rest[..close].trim().parse::<usize>()
        {
            largest = largest.max(n.min(MAX_PARAMETERS));
        }
    }
    largest
}

/// `body` with each `{{n}}` replaced by `values[n - 1]`.
pub fn fill(body: &str, values: &[String]) -> String {
    let mut filled = body.to_owned();
    // From the largest index down, so that `{{1}}` never eats the start of `{{10}}`.
    for (index, value) in values.iter().enumerate().rev() {
        filled = filled.replace(&format!("{{{{{}}}}}", index + 1), value);
    }
    filled
}

/// The instance's templates, by name and language.
pub async fn list(db: &impl ConnectionTrait, instance_id: i32) -> Result<Vec<TemplateView>> {
    Ok(message_template::Entity::find()
        .filter(message_template::Column::InstanceId.eq(instance_id))
        .order_by_asc(message_template::Column::Name)
        .order_by_asc(message_template::Column::Language)
        .all(db)
        .await?
        .into_iter()
        .map(TemplateView::from)
        .collect())
}

/// Makes the instance's templates what Meta reported: new ones added, known ones updated, the ones
/// Meta no longer has removed. Answers the templates.
pub async fn sync(
    db: &impl ConnectionTrait,
    instance_id: i32,
    remote: Vec<RemoteTemplate>,
) -> Result<Vec<TemplateView>> {
    let now = Utc::now();
    let known =
        message_template::Entity::find().filter(message_template::Column::InstanceId.eq(instance_id)).all(db).await?;
    let mut kept = Vec::with_capacity(remote.len());
    for template in remote {
        let examples =
            (!template.examples.is_empty()).then(|| serde_json::to_string(&template.examples).unwrap_or_default());
        let parameters = parameter_count(&template.body) as i32;
        let existing = known.iter().find(|k| k.name == template.name && k.language == template.language);
        let mut active: message_template::ActiveModel = match existing {
            Some(existing) => existing.clone().into(),
            None => message_template::ActiveModel {
                instance_id: Set(instance_id),
                name: Set(template.name.clone()),
                language: Set(template.language.clone()),
                created_at: Set(now),
                ..Default::default()
            },
        };
        active.meta_id = Set(template.meta_id);
        active.category = Set(template.category);
        active.status = Set(template.status);
        active.header = Set(template.header);
        active.body = Set(template.body);
        active.footer = Set(template.footer);
        active.parameters = Set(parameters);
        active.examples = Set(examples);
        active.synced_at = Set(now);
        active.updated_at = Set(now);
        let saved = match existing {
            Some(_) => active.update(db).await?,
            None => active.insert(db).await?,
        };
        kept.push(saved.id);
    }
    message_template::Entity::delete_many()
        .filter(message_template::Column::InstanceId.eq(instance_id))
        .filter(message_template::Column::Id.is_not_in(kept))
        .exec(db)
        .await?;
    list(db, instance_id).await
}

/// Meta changed a template's status (its webhook's `message_template_status_update`): answers
/// whether a known template changed.
pub async fn set_status(
    db: &impl ConnectionTrait,
    instance_id: i32,
    name: &str,
    language: &str,
    status: &str,
) -> Result<bool> {
    let changed = message_template::Entity::update_many()
        .col_expr(message_template::Column::Status, sea_orm::sea_query::Expr::value(status))
        .col_expr(message_template::Column::UpdatedAt, sea_orm::sea_query::Expr::value(Utc::now()))
        .filter(message_template::Column::InstanceId.eq(instance_id))
        .filter(message_template::Column::Name.eq(name))
        .filter(message_template::Column::Language.eq(language))
        .exec(db)
        .await?;
    Ok(changed.rows_affected > 0)
}

/// A template of `instance_id` an agent chose, filled with `values`: approved, every parameter
/// given (each refused field named). Answers the filled text and what the provider sends.
pub async fn prepare(
    db: &impl ConnectionTrait,
    instance_id: i32,
    template_id: i32,
    values: &[String],
) -> Result<(String, TemplateUse)> {
    let found = message_template::Entity::find_by_id(template_id)
        .filter(message_template::Column::InstanceId.eq(instance_id))
        .one(db)
        .await?
        .ok_or_else(|| {
            Error::invalid_field("template_not_found", "template.id", "Modelo não encontrado para este número.")
        })?;
    if found.status != "APPROVED" {
        return Err(Error::invalid_field(
            "template_not_approved",
            "template.id",
            format!("O modelo \"{}\" não está aprovado pela Meta (situação: {}).", found.name, found.status),
        ));
    }
    let wanted = found.parameters.max(0) as usize;
    let mut problems = Vec::new();
    for index in 0..wanted {
        match values.get(index).map(|v| v.trim()) {
            Some(value) if value.chars().count() > MAX_VALUE => problems.push(FieldError::new(
                &format!("template.parameters[{index}]"),
                format!("O parâmetro {{{{{}}}}} passa de {MAX_VALUE} caracteres.", index + 1),
            )),
            Some(value) if !value.is_empty() => {}
            _ => problems.push(FieldError::new(
                &format!("template.parameters[{index}]"),
                format!("Preencha o parâmetro {{{{{}}}}}.", index + 1),
            )),
        }
    }
    if values.len() > wanted {
        problems.push(FieldError::new(
            "template.parameters",
            format!("O modelo \"{}\" tem {wanted} parâmetro(s), não {}.", found.name, values.len()),
        ));
    }
    if !problems.is_empty() {
        let message = problems[0].message.clone();
        return Err(Error::Invalid { code: "template_parameters", message, fields: problems });
    }
    let values: Vec<String> = values.iter().map(|v| v.trim().to_owned()).collect();
    let text = fill(&compose(&found), &values);
    Ok((text, TemplateUse { name: found.name, language: found.language, parameters: values }))
}

/// The template's text as the customer reads it, its `{{n}}` still to fill: header, body, footer.
pub fn compose(template: &message_template::Model) -> String {
    let mut text = String::new();
    if let Some(header) = template.header.as_deref().filter(|h| !h.is_empty()) {
        text.push_str(header);
        text.push_str("\n\n");
    }
    text.push_str(&template.body);
    if let Some(footer) = template.footer.as_deref().filter(|f| !f.is_empty()) {
        text.push_str("\n\n");
        text.push_str(footer);
    }
    text
}

/// A template of `instance_id` by id, whatever its status.
pub async fn find(
    db: &impl ConnectionTrait,
    instance_id: i32,
    template_id: i32,
) -> Result<Option<message_template::Model>> {
    Ok(message_template::Entity::find_by_id(template_id)
        .filter(message_template::Column::InstanceId.eq(instance_id))
        .one(db)
        .await?)
}

/// A template chosen to send (or to keep for later), with the values of its `{{1}}`, `{{2}}`…
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, ToSchema)]
pub struct TemplateChoice {
    /// Id do modelo (`GET /api/templates`).
    pub id: i32,
    /// Os valores, na ordem.
    #[serde(default)]
    pub parameters: Vec<String>,
}

/// A template a quick reply or a scheduled message points at, with the values they keep for its
/// `{{n}}` (a quick reply's may hold its variables).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateRef {
    pub id: i32,
    pub instance_id: i32,
    pub instance_name: String,
    pub name: String,
    pub language: String,
    pub status: String,
    /// Header, body and footer as the customer reads them, `{{n}}` unfilled.
    pub body: String,
    pub parameters: Vec<String>,
}

/// The values kept for a template's parameters (a JSON array), or none.
pub fn stored_parameters(stored: Option<&str>) -> Vec<String> {
    stored.and_then(|s| serde_json::from_str(s).ok()).unwrap_or_default()
}

/// The templates `(template_id, stored parameters)` name, read at once; a template a sync removed
/// answers nothing for its pair.
pub async fn refs(
    db: &impl ConnectionTrait,
    chosen: &[(Option<i32>, Option<String>)],
) -> Result<Vec<Option<TemplateRef>>> {
    let ids: Vec<i32> = chosen.iter().filter_map(|(id, _)| *id).collect();
    if ids.is_empty() {
        return Ok(vec![None; chosen.len()]);
    }
    let found = message_template::Entity::find().filter(message_template::Column::Id.is_in(ids)).all(db).await?;
    let numbers: Vec<(i32, String)> = instance::Entity::find()
        .select_only()
        .columns([instance::Column::Id, instance::Column::Name])
        .filter(instance::Column::Id.is_in(found.iter().map(|t| t.instance_id)))
        .into_tuple()
        .all(db)
        .await?;
    Ok(chosen
        .iter()
        .map(|(id, parameters)| {
            let template = found.iter().find(|t| Some(t.id) == *id)?;
            let number = numbers.iter().find(|(n, _)| *n == template.instance_id);
            Some(TemplateRef {
                id: template.id,
                instance_id: template.instance_id,
                instance_name: number.map(|(_, name)| name.clone()).unwrap_or_default(),
                name: template.name.clone(),
                language: template.language.clone(),
                status: template.status.clone(),
                body: compose(template),
                parameters: stored_parameters(parameters.as_deref()),
            })
        })
        .collect())
}

/// The categories Meta prices template messages by.
pub const CATEGORIES: [&str; 3] = ["MARKETING", "UTILITY", "AUTHENTICATION"];

/// What one template message of a category costs the tenant, as an administrator set it.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Price {
    /// `MARKETING`, `UTILITY` ou `AUTHENTICATION`.
    pub category: String,
    /// Em reais, até quatro casas (`0.3125`).
    pub price_brl: f64,
}

/// The tenant's price table (categories never set are absent).
pub async fn prices(db: &impl ConnectionTrait) -> Result<Vec<Price>> {
    let mut rows = template_price::Entity::find().all(db).await?;
    rows.sort_by_key(|row| CATEGORIES.iter().position(|c| *c == row.category).unwrap_or(usize::MAX));
    Ok(rows
        .into_iter()
        .map(|row| Price { category: row.category, price_brl: row.price_e4 as f64 / 10_000.0 })
        .collect())
}

/// Replaces the tenant's price table (every field error at once).
pub async fn set_prices(db: &impl ConnectionTrait, given: &[Price]) -> Result<Vec<Price>> {
    let mut problems = Vec::new();
    for (index, price) in given.iter().enumerate() {
        if !CATEGORIES.contains(&price.category.as_str()) {
            problems.push(FieldError::new(
                &format!("prices[{index}].category"),
                format!("Categoria \"{}\" inválida: use MARKETING, UTILITY ou AUTHENTICATION.", price.category),
            ));
        }
        if !price.price_brl.is_finite() || price.price_brl < 0.0 || price.price_brl > 100.0 {
            problems.push(FieldError::new(
                &format!("prices[{index}].priceBrl"),
                "Informe um preço entre R$ 0 e R$ 100 por mensagem.",
            ));
        }
        if given[..index].iter().any(|earlier| earlier.category == price.category) {
            problems.push(FieldError::new(&format!("prices[{index}].category"), "Categoria repetida."));
        }
    }
    if !problems.is_empty() {
        let message = problems[0].message.clone();
        return Err(Error::Invalid { code: "invalid_prices", message, fields: problems });
    }
    let now = Utc::now();
    template_price::Entity::delete_many().exec(db).await?;
    for price in given {
        template_price::ActiveModel {
            category: Set(price.category.clone()),
            price_e4: Set((price.price_brl * 10_000.0).round() as i64),
            created_at: Set(now),
            updated_at: Set(now),
        }
        .insert(db)
        .await?;
    }
    prices(db).await
}

/// The price of one message of `category`, when the table has it.
pub async fn price_of(db: &impl ConnectionTrait, category: &str) -> Result<Option<f64>> {
    Ok(template_price::Entity::find_by_id(category.to_owned()).one(db).await?.map(|row| row.price_e4 as f64 / 10_000.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_counted_and_filled_by_position() {
        let body = "Olá {{1}}, seu pedido {{2}} sai hoje. {{10}}?";
        assert_eq!(parameter_count(body), 10);
        assert_eq!(parameter_count("Sem parâmetros {{nome}}"), 0);
        let values: Vec<String> = (1..=10).map(|n| format!("v{n}")).collect();
        assert_eq!(fill(body, &values), "Olá v1, seu pedido v2 sai hoje. v10?");
    }
}
