import { useState } from 'react';
import { useParams } from 'react-router';
import {
  DEFAULT_RANGES,
  retestDescription,
  SYNTHETIC_TEXTS,
  type HeartbeatTest,
} from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { NewButton } from '../../gsm/synthetic/components/new-button.tsx';
import { RangeFilter } from '../../gsm/synthetic/components/range-filter.tsx';
import { useListWindow } from '../../gsm/synthetic/list-window.ts';
import { useFailureSnackbar } from '../../gsm/synthetic/use-failure-snackbar.ts';
import { useRowAction } from '../../gsm/synthetic/use-row-action.ts';
import { useCreateTest } from '../api/create-test.ts';
import { useDeleteTest } from '../api/delete-test.ts';
import { useDisableTest } from '../api/disable-test.ts';
import { useTests } from '../api/get-tests.ts';
import { TestsTable } from '../components/tests-table.tsx';
import { createTestFailure, TestWizard } from '../components/test-wizard.tsx';
import { HEARTBEAT_SCREEN_TEXTS as T } from '../texts.ts';

/**
 * /gsm/heartbeat (spec 002 §2.6): the tests of the last 7 days, the Create Test modal, and each
 * row's Disable or Retest ("[Retest]" prefixed once, run once at once) and Delete.
 */
export function HeartbeatTestsPage() {
  const { groupId = '' } = useParams();
  const { range, setRange } = useListWindow(DEFAULT_RANGES.heartbeatTests);
  const tests = useTests(groupId, range);
  const create = useCreateTest(groupId);
  const disable = useDisableTest(groupId);
  const remove = useDeleteTest(groupId);
  const act = useRowAction();
  const [creating, setCreating] = useState(false);
  useFailureSnackbar(tests.isError, SYNTHETIC_TEXTS.testsLoadFailed);

  const onDisable = (test: HeartbeatTest) =>
    act({
      run: () => disable.mutateAsync(test.heartbeatId),
      success: SYNTHETIC_TEXTS.testDisabled,
      failure: SYNTHETIC_TEXTS.disableTestFailed,
    });
  // The same call once more, now (schedule left out: Run Once).
  const onRetest = (test: HeartbeatTest) =>
    act({
      run: () =>
        create.mutateAsync({
          sourcePhoneNumber: test.sourcePhoneNumber,
          targetPhoneNumber: test.targetPhoneNumber,
          description: retestDescription(test.description),
          agentType: test.agentType,
          agentIds: test.agentIds,
        }),
      success: SYNTHETIC_TEXTS.jobCreated,
      failure: createTestFailure,
    });
  const onDelete = (test: HeartbeatTest) =>
    act({
      ask: { title: T.deleteTitle, message: T.deleteQuestion, okText: 'Delete', okColor: 'error' },
      run: () => remove.mutateAsync(test.heartbeatId),
      success: T.testDeleted,
      failure: T.testDeleteFailed,
    });

  return (
    <>
      <PageHeader
        title={T.testsTitle}
        subtitle={T.testsSubtitle}
        actions={<NewButton label={T.newTest} onClick={() => setCreating(true)} />}
      />
      <TestsTable
        tests={tests.isError ? [] : tests.data}
        loading={tests.isFetching || create.isPending || disable.isPending || remove.isPending}
        filter={
          <RangeFilter
            range={range}
            onRange={setRange}
            defaultRange={DEFAULT_RANGES.heartbeatTests}
            testId="heartbeat-tests-range"
          />
        }
        onDisable={(t) => void onDisable(t)}
        onRetest={(t) => void onRetest(t)}
        onDelete={(t) => void onDelete(t)}
      />
      {creating && <TestWizard groupId={groupId} onClose={() => setCreating(false)} />}
    </>
  );
}
