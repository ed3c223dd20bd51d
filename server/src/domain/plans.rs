//! Plans (control database): default limits and the features they switch on.

use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::{
    domain::error::{Error, Result},
    entities::control::plan,
};

/// A plan with its parsed feature list.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Plan {
    pub code: String,
    pub name: String,
    pub user_limit: i32,
    pub ticket_limit: i32,
    /// Megabytes of media (0 = unlimited).
    pub media_limit_mb: i32,
    pub features: Vec<String>,
}

impl From<plan::Model> for Plan {
    fn from(model: plan::Model) -> Self {
        Self {
            features: serde_json::from_str(&model.features).unwrap_or_default(),
            code: model.code,
            name: model.name,
            user_limit: model.user_limit,
            ticket_limit: model.ticket_limit,
            media_limit_mb: model.media_limit_mb,
        }
    }
}

/// Every plan, cheapest first.
pub async fn list(control: &impl ConnectionTrait) -> Result<Vec<Plan>> {
    let plans = plan::Entity::find().order_by_asc(plan::Column::Id).all(control).await?;
    Ok(plans.into_iter().map(Plan::from).collect())
}

/// A plan by code, or a 422 naming the known ones.
pub async fn find(control: &impl ConnectionTrait, code: &str) -> Result<Plan> {
    match plan::Entity::find().filter(plan::Column::Code.eq(code)).one(control).await? {
        Some(model) => Ok(model.into()),
        None => {
            let known: Vec<String> = list(control).await?.into_iter().map(|p| p.code).collect();
            Err(Error::invalid_field(
                "unknown_plan",
                "plan",
                format!("Plano \"{code}\" não existe. Planos disponíveis: {}.", known.join(", ")),
            ))
        }
    }
}
