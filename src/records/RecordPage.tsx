import { Button, Spinner, Tag } from '@blueprintjs/core';
import { ArrowLeftIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { FormValues } from '../../schemas/api/forms';
import { Privilege } from '../../schemas/api/identityConstants';
import { PageHeading } from '../components/PageHeading';
import { GenerateDocumentMenu } from '../documents/GenerateDocumentMenu';
import { localizeText } from '../core/forms/compiler/localizeText';
import { TaskForm } from '../forms/runtime/TaskForm';
import { RemoteLoadingStatus } from '../stores/statuses';
import { useStores } from '../stores/useStores';
import { createRecordFileService } from './createRecordFileService';
import { RecordDeleteMenu } from './RecordDeleteMenu';
import { RecordDetailStore } from './RecordDetailStore';
import { objectDataNavigationState } from './objectDataNavigationState';
import { objectDataPath, versionFromPath } from './recordPaths';
import { instancePath } from '../tasks/taskPaths';
import { useRecordsStore } from './useRecordsStore';
import './records.css';

const NO_VALUES: FormValues = {};
const ignoreSubmit = () => undefined;

/**
 * `/objectdata/{key}/{version}/{recordId}` (spec 001 section 2, "Report detail screen"):
 * the record's form, read-only, with the way back to the list (which finds its filters,
 * sort and page as they were), the Generate menu of the object's document templates and
 * the record's data version on a disabled button. The Delete menu starts one of the object's
 * delete processes on the record and opens the new instance, carrying the list's filters
 * along in the navigation state.
 */
export const RecordPage = observer(function RecordPage() {
  const { key = '', version: versionText, recordId = '' } = useParams();
  const version = versionFromPath(versionText);
  const { toasts, navigator, session, dictionaries } = useStores();
  const list = useRecordsStore();
  const { t, i18n } = useTranslation();
  const [store] = useState(() => new RecordDetailStore({ toasts, navigator, dictionaries }));

  useEffect(() => {
    void store.load(key, version, recordId);
  }, [store, key, version, recordId]);

  const detail = store.detail;
  const listDefinition = list.key === key && list.version === version ? list.definition : null;
  const definition = store.definition ?? listDefinition;
  const objectLabel = definition ? localizeText(definition.label, i18n.language) : '';
  const back = () => navigator.navigate(objectDataPath(key, version));
  const navigate = useNavigate();
  const subject = useMemo(() => ({ key, version, recordId }), [key, version, recordId]);
  // The form's pictures, signatures and uploads, read through the record.
  const services = useMemo(() => ({ files: createRecordFileService(subject) }), [subject]);
  const openInstance = (processInstanceId: string) =>
    navigate(instancePath(processInstanceId), {
      state: list.key === key && list.version === version ? objectDataNavigationState(list) : null,
    });

  return (
    <div className="tessera-record">
      <div className="tessera-record__bar">
        <Button variant="minimal" icon={<ArrowLeftIcon />} onClick={back}>
          {t('records.backToList')}
        </Button>
        <div className="tessera-record__actions">
          {detail && <RecordDeleteMenu subject={subject} openInstance={openInstance} />}
          {detail && <GenerateDocumentMenu scope={key} contentId={detail.record.id} />}
          {detail && (
            <Button
              disabled
              className="tessera-record__version"
              aria-label={t('records.dataVersion', { version: detail.record.dataVersion })}
            >
              {`V${detail.record.dataVersion}`}
            </Button>
          )}
        </div>
      </div>
      <PageHeading className="tessera-record__heading">
        {definition && (
          <span
            className="tessera-records__dot"
            aria-hidden="true"
            style={{ backgroundColor: definition.colour }}
          />
        )}
        <span className="tessera-record__object">{objectLabel}</span>
        <span className="tessera-record__id">{recordId}</span>
      </PageHeading>
      {store.status !== RemoteLoadingStatus.fullyLoaded || !detail ? (
        <div className="tessera-records__loading-page" role="status">
          {store.status === RemoteLoadingStatus.loading && (
            <Spinner size={32} aria-label={t('records.loading')} />
          )}
        </div>
      ) : (
        store.forms.map((view) => (
          <section
            key={view.formId}
            className="tessera-record__form"
            aria-label={view.title ? localizeText(view.title, i18n.language) : undefined}
          >
            {view.title && (
              <h2 className="tessera-record__part-title">
                <Tag minimal>{localizeText(view.title, i18n.language)}</Tag>
              </h2>
            )}
            <TaskForm
              form={view.form}
              initialValues={detail.record.data ?? NO_VALUES}
              readOnly
              locale={i18n.language}
              accessTest={session.hasPrivilege(Privilege.accessTest)}
              onSubmit={ignoreSubmit}
              services={services}
            />
          </section>
        ))
      )}
    </div>
  );
});
