//! Reports and sheets (docs/analytics.md): the login failures report, the four `.xlsx` sheets of
//! docs/contracts.md#api-calls and the streaming workbook writer they share.

pub mod login_failures;
pub mod sheets;
pub mod xlsx;
