/**
 * The answers of the satisfaction survey API: `GET/PUT /api/survey` (the settings) and
 * `GET /api/dashboard/satisfaction` (the figures). A figure without a sample is `null`.
 */
import * as z from 'zod/mini';

const Count = z._default(z.number(), 0);
const Maybe = z._default(z.nullable(z.number()), null);

/**
 * The approved template an official number (Cloud API) sends the survey as once the customer's
 * 24-hour window has closed: the values of `{{1}}`, `{{2}}`… in order, which may hold `{{nome}}`
 * and `{{atendente}}`. At most one per number.
 */
export const SurveyTemplateSchema = z.object({
  instanceId: z.number(),
  templateId: z.number(),
  parameters: z._default(z.array(z.string()), []),
});
export type SurveyTemplate = z.infer<typeof SurveyTemplateSchema>;

export const SurveySettingsSchema = z.object({
  enabled: z.boolean(),
  question: z.string(),
  thanks: z.string(),
  answerMinutes: z.number(),
  excludedDepartmentIds: z._default(z.array(z.number()), []),
  /** Always in the server's answers; absent from one that does not know templates yet: none. */
  templates: z._default(z.array(SurveyTemplateSchema), []),
});
export type SurveySettings = z.infer<typeof SurveySettingsSchema>;

const figureShape = {
  sent: Count,
  /** The sample size (n). */
  answered: Count,
  /** 1–5, two decimals. */
  average: Maybe,
  /** Share of 4 and 5 among the answers, 0–100. */
  csatPercent: Maybe,
  responseRatePercent: Maybe,
};

export const SatisfactionFigureSchema = z.object(figureShape);
export type SatisfactionFigure = z.infer<typeof SatisfactionFigureSchema>;

export const SatisfactionGroupSchema = z.object({
  id: z.nullable(z.union([z.number(), z.string()])),
  name: z.string(),
  ...figureShape,
});
export type SatisfactionGroup = z.infer<typeof SatisfactionGroupSchema>;

export const SatisfactionCommentSchema = z.object({
  ticketId: z.number(),
  rating: z.number(),
  comment: z.string(),
  agent: z._default(z.nullable(z.string()), null),
  answeredAt: z.string(),
});
export type SatisfactionComment = z.infer<typeof SatisfactionCommentSchema>;

const Groups = z._default(z.array(SatisfactionGroupSchema), []);

export const SatisfactionSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  overall: SatisfactionFigureSchema,
  /** Answers per grade, 1 to 5. */
  ratings: z._default(z.array(z.number()), [0, 0, 0, 0, 0]),
  byAgent: Groups,
  byDepartment: Groups,
  byReason: Groups,
  byTag: Groups,
  byQuickReply: Groups,
  comments: z._default(z.array(SatisfactionCommentSchema), []),
});
export type Satisfaction = z.infer<typeof SatisfactionSchema>;
