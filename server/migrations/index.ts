import type { Migration } from 'kysely'
import * as identity from './0001_identity.ts'
import * as platform from './0002_platform.ts'
import * as lovViews from './0003_lov_views.ts'
import * as exportTasks from './0004_export_tasks.ts'
import * as cusz from './0005_cusz.ts'
import * as files from './0006_files.ts'
import * as hmsg from './0007_hmsg.ts'
import * as userPreferences from './0009_user_preferences.ts'
import * as menuAdmin from './0008_menu_admin.ts'
import * as dataHierarchies from './0010_data_hierarchies.ts'
import * as auditAndFileLogs from './0023_audit_and_file_logs.ts'
import * as hitfSecrets from './0027_hitf_secrets.ts'
import * as hiamAdmin from './0011_hiam_admin.ts'
import * as hpfmAdmin from './0015_hpfm_admin.ts'
import * as iamLabelAssignments from './0035_iam_label_assignments.ts'
import * as hiamFieldPermission from './0036_hiam_field_permission.ts'
import * as documentPartyRefs from './0037_document_party_refs.ts'
import * as menuLabels from './0038_menu_labels.ts'
import * as ssoSessions from './0039_sso_sessions.ts'
import * as tokenSignInDomain from './0040_token_sign_in_domain.ts'
import * as menuTenant from './0041_menu_tenant.ts'
import * as menuSource from './0042_menu_source.ts'
import * as sessionDevices from './0043_session_devices.ts'
import * as modelKeysFileNames from './0044_model_keys_file_names.ts'

/**
 * Every migration, in order. Listed by hand (not read from the folder) so the set is the same under tsx,
 * a bundler and the test runner. Add a file `000N_what.ts` with `up`/`down` and list it here.
 */
export const migrations: Record<string, Migration> = {
  '0001_identity': identity,
  '0002_platform': platform,
  '0003_lov_views': lovViews,
  '0004_export_tasks': exportTasks,
  '0005_cusz': cusz,
  '0006_files': files,
  '0007_hmsg': hmsg,
  '0009_user_preferences': userPreferences,
  '0008_menu_admin': menuAdmin,
  '0010_data_hierarchies': dataHierarchies,
  '0023_audit_and_file_logs': auditAndFileLogs,
  '0027_hitf_secrets': hitfSecrets,
  '0011_hiam_admin': hiamAdmin,
  '0015_hpfm_admin': hpfmAdmin,
  '0035_iam_label_assignments': iamLabelAssignments,
  '0036_hiam_field_permission': hiamFieldPermission,
  '0037_document_party_refs': documentPartyRefs,
  '0038_menu_labels': menuLabels,
  '0039_sso_sessions': ssoSessions,
  '0040_token_sign_in_domain': tokenSignInDomain,
  '0041_menu_tenant': menuTenant,
  '0042_menu_source': menuSource,
  '0043_session_devices': sessionDevices,
  '0044_model_keys_file_names': modelKeysFileNames,
}
