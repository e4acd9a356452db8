import * as migration_20261121_233027_initial from './20261121_233027_initial';
import * as migration_20261121_234500_rate_limits from './20261121_234500_rate_limits';
import * as migration_20261123_105408_tuition_settings_invoice_lines from './20261123_105408_tuition_settings_invoice_lines';
import * as migration_20261123_115427_teachers_attendance from './20261123_115427_teachers_attendance';
import * as migration_20261123_134038_studio_settings from './20261123_134038_studio_settings';
import * as migration_20261123_135948_tuition_jobs from './20261123_135948_tuition_jobs';
import * as migration_20261123_141119_self_service_makeups from './20261123_141119_self_service_makeups';
import * as migration_20261123_142116_waitlist from './20261123_142116_waitlist';
import * as migration_20261123_143554_billing_actions from './20261123_143554_billing_actions';
import * as migration_20261123_150313_autopay from './20261123_150313_autopay';
import * as migration_20261123_151924_class_schedules from './20261123_151924_class_schedules';
import * as migration_20261126_054644_card_intents_refunds from './20261126_054644_card_intents_refunds';
import * as migration_20261126_090015_academy_time_zone from './20261126_090015_academy_time_zone';
import * as migration_20261126_090040_final_is_final from './20261126_090040_final_is_final';
import * as migration_20261126_090124_invoice_line_explanations from './20261126_090124_invoice_line_explanations';
import * as migration_20261126_090542_per_domain_jobs from './20261126_090542_per_domain_jobs';
import * as migration_20261126_101047_closure_ranges from './20261126_101047_closure_ranges';
import * as migration_20261126_124908_care_and_pickups from './20261126_124908_care_and_pickups';
import * as migration_20261126_125022_mail_jobs from './20261126_125022_mail_jobs';
import * as migration_20261126_162824_messages from './20261126_162824_messages';
import * as migration_20261126_163140_levels from './20261126_163140_levels';
import * as migration_20261126_164613_policies from './20261126_164613_policies';
import * as migration_20261126_170112_households from './20261126_170112_households';
import * as migration_20261126_201034_household_details from './20261126_201034_household_details';
import * as migration_20261126_201113_notices from './20261126_201113_notices';
import * as migration_20261126_201744_seasons from './20261126_201744_seasons';
import * as migration_20261126_204759_exams from './20261126_204759_exams';
import * as migration_20261127_040315_split_billing from './20261127_040315_split_billing';
import * as migration_20261127_040423_rich_messages from './20261127_040423_rich_messages';
import * as migration_20261127_075149_billed_to_event from './20261127_075149_billed_to_event';
import * as migration_20261127_075909_guardian_cards from './20261127_075909_guardian_cards';
import * as migration_20261201_195439_emergency_contact_setting from './20261201_195439_emergency_contact_setting';
import * as migration_20261201_195533_card_saver from './20261201_195533_card_saver';
import * as migration_20261201_201009_billed_to_pending from './20261201_201009_billed_to_pending';
import * as migration_20261202_070523_message_not_sent_reason from './20261202_070523_message_not_sent_reason';

export const migrations = [
  {
    up: migration_20261121_233027_initial.up,
    down: migration_20261121_233027_initial.down,
    name: '20261121_233027_initial',
  },
  {
    up: migration_20261121_234500_rate_limits.up,
    down: migration_20261121_234500_rate_limits.down,
    name: '20261121_234500_rate_limits',
  },
  {
    up: migration_20261123_105408_tuition_settings_invoice_lines.up,
    down: migration_20261123_105408_tuition_settings_invoice_lines.down,
    name: '20261123_105408_tuition_settings_invoice_lines',
  },
  {
    up: migration_20261123_115427_teachers_attendance.up,
    down: migration_20261123_115427_teachers_attendance.down,
    name: '20261123_115427_teachers_attendance',
  },
  {
    up: migration_20261123_134038_studio_settings.up,
    down: migration_20261123_134038_studio_settings.down,
    name: '20261123_134038_studio_settings',
  },
  {
    up: migration_20261123_135948_tuition_jobs.up,
    down: migration_20261123_135948_tuition_jobs.down,
    name: '20261123_135948_tuition_jobs',
  },
  {
    up: migration_20261123_141119_self_service_makeups.up,
    down: migration_20261123_141119_self_service_makeups.down,
    name: '20261123_141119_self_service_makeups',
  },
  {
    up: migration_20261123_142116_waitlist.up,
    down: migration_20261123_142116_waitlist.down,
    name: '20261123_142116_waitlist',
  },
  {
    up: migration_20261123_143554_billing_actions.up,
    down: migration_20261123_143554_billing_actions.down,
    name: '20261123_143554_billing_actions',
  },
  {
    up: migration_20261123_150313_autopay.up,
    down: migration_20261123_150313_autopay.down,
    name: '20261123_150313_autopay',
  },
  {
    up: migration_20261123_151924_class_schedules.up,
    down: migration_20261123_151924_class_schedules.down,
    name: '20261123_151924_class_schedules',
  },
  {
    up: migration_20261126_054644_card_intents_refunds.up,
    down: migration_20261126_054644_card_intents_refunds.down,
    name: '20261126_054644_card_intents_refunds',
  },
  {
    up: migration_20261126_090015_academy_time_zone.up,
    down: migration_20261126_090015_academy_time_zone.down,
    name: '20261126_090015_academy_time_zone',
  },
  {
    up: migration_20261126_090040_final_is_final.up,
    down: migration_20261126_090040_final_is_final.down,
    name: '20261126_090040_final_is_final',
  },
  {
    up: migration_20261126_090124_invoice_line_explanations.up,
    down: migration_20261126_090124_invoice_line_explanations.down,
    name: '20261126_090124_invoice_line_explanations',
  },
  {
    up: migration_20261126_090542_per_domain_jobs.up,
    down: migration_20261126_090542_per_domain_jobs.down,
    name: '20261126_090542_per_domain_jobs',
  },
  {
    up: migration_20261126_101047_closure_ranges.up,
    down: migration_20261126_101047_closure_ranges.down,
    name: '20261126_101047_closure_ranges',
  },
  {
    up: migration_20261126_124908_care_and_pickups.up,
    down: migration_20261126_124908_care_and_pickups.down,
    name: '20261126_124908_care_and_pickups',
  },
  {
    up: migration_20261126_125022_mail_jobs.up,
    down: migration_20261126_125022_mail_jobs.down,
    name: '20261126_125022_mail_jobs',
  },
  {
    up: migration_20261126_162824_messages.up,
    down: migration_20261126_162824_messages.down,
    name: '20261126_162824_messages',
  },
  {
    up: migration_20261126_163140_levels.up,
    down: migration_20261126_163140_levels.down,
    name: '20261126_163140_levels',
  },
  {
    up: migration_20261126_164613_policies.up,
    down: migration_20261126_164613_policies.down,
    name: '20261126_164613_policies',
  },
  {
    up: migration_20261126_170112_households.up,
    down: migration_20261126_170112_households.down,
    name: '20261126_170112_households',
  },
  {
    up: migration_20261126_201034_household_details.up,
    down: migration_20261126_201034_household_details.down,
    name: '20261126_201034_household_details',
  },
  {
    up: migration_20261126_201113_notices.up,
    down: migration_20261126_201113_notices.down,
    name: '20261126_201113_notices',
  },
  {
    up: migration_20261126_201744_seasons.up,
    down: migration_20261126_201744_seasons.down,
    name: '20261126_201744_seasons',
  },
  {
    up: migration_20261126_204759_exams.up,
    down: migration_20261126_204759_exams.down,
    name: '20261126_204759_exams',
  },
  {
    up: migration_20261127_040315_split_billing.up,
    down: migration_20261127_040315_split_billing.down,
    name: '20261127_040315_split_billing',
  },
  {
    up: migration_20261127_040423_rich_messages.up,
    down: migration_20261127_040423_rich_messages.down,
    name: '20261127_040423_rich_messages',
  },
  {
    up: migration_20261127_075149_billed_to_event.up,
    down: migration_20261127_075149_billed_to_event.down,
    name: '20261127_075149_billed_to_event',
  },
  {
    up: migration_20261127_075909_guardian_cards.up,
    down: migration_20261127_075909_guardian_cards.down,
    name: '20261127_075909_guardian_cards',
  },
  {
    up: migration_20261201_195439_emergency_contact_setting.up,
    down: migration_20261201_195439_emergency_contact_setting.down,
    name: '20261201_195439_emergency_contact_setting',
  },
  {
    up: migration_20261201_195533_card_saver.up,
    down: migration_20261201_195533_card_saver.down,
    name: '20261201_195533_card_saver',
  },
  {
    up: migration_20261201_201009_billed_to_pending.up,
    down: migration_20261201_201009_billed_to_pending.down,
    name: '20261201_201009_billed_to_pending',
  },
  {
    up: migration_20261202_070523_message_not_sent_reason.up,
    down: migration_20261202_070523_message_not_sent_reason.down,
    name: '20261202_070523_message_not_sent_reason'
  },
];
