//! An agent takes a ticket or closes it (`conversations::tickets`), and what follows: a ticket the
//! bot held stops the bot's conversation (`bot::live::taken_over`); a close frees room the
//! distribution fills (`distribution::kick`); the SLA clock starts or settles (`sla::clock`).

use crate::domain::{
    bot,
    conversations::{
        Viewer,
        tickets::{self, TicketStatus},
        views::TicketView,
    },
    distribution,
    error::Result,
    sla, surveys,
    unit::Unit,
};

/// The caller takes a waiting ticket, or takes one over from the bot.
pub async fn accept(unit: &Unit, viewer: &Viewer, id: i32) -> Result<TicketView> {
    let taken = tickets::accept(unit, viewer, id).await?;
    if taken.was == TicketStatus::Bot {
        bot::live::taken_over(unit, id, taken.at).await?;
        // Taken from the bot: people serve it from here, against its department's targets.
        return match sla::clock::start(unit, id).await? {
            Some(started) => crate::domain::conversations::views::ticket(unit, &started).await,
            None => Ok(taken.view),
        };
    }
    Ok(taken.view)
}

/// Closes a ticket with a reason (required); a ticket the bot held stops the bot too.
pub async fn close(unit: &Unit, viewer: &Viewer, id: i32, closing_reason_id: Option<i32>) -> Result<TicketView> {
    let closed = tickets::close(unit, viewer, id, closing_reason_id).await?;
    if closed.was == TicketStatus::Bot {
        bot::live::taken_over(unit, id, closed.at).await?;
    }
    if !tickets::is_waiting(closed.was) {
        // Its owner has room again: a waiting ticket may be theirs.
        distribution::kick(unit).await?;
    }
    // A person closed it: the customer may be asked how it went.
    surveys::on_close(unit, id).await?;
    if closed.view.sla.is_some()
        && let Some(settled) = sla::clock::closed(unit, id).await?
    {
        return crate::domain::conversations::views::ticket(unit, &settled).await;
    }
    Ok(closed.view)
}
