//! Reports and sheets (docs/analytics.md): the login failures report, the four `.xlsx` sheets of
//! docs/contracts.md#api-calls, the streaming workbook writer they share and the temporary file a
//! download is sent from.

pub mod login_failures;
pub mod sheets;
pub mod spool;
pub mod xlsx;
