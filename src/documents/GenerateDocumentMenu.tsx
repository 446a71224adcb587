import { Button, Callout, Menu, MenuItem, PopoverNext, Spinner } from '@blueprintjs/core';
import { CaretDownIcon, CrossIcon, DocumentIcon, RefreshIcon, ThIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusFirstItem, MENU_ITEMS, moveFocusByArrowKey } from '../components/arrowKeyFocus';
import { DocumentStatus, DocumentType } from '../../schemas/api/documentsConstants';
import { RemoteLoadingStatus } from '../stores/statuses';
import { useStores } from '../stores/useStores';
import { saveFile } from '../components/saveFile';
import { documentService, type DocumentApi } from '../api/documentService';
import { GenerateDocumentStore } from './GenerateDocumentStore';
import { fileNameParts, messageParts } from './messageParts';
import { IconButton } from '../components/IconButton';
import './GenerateDocumentMenu.css';

/** Props of {@link GenerateDocumentMenu}. */
export interface GenerateDocumentMenuProps {
  /** Whose templates are offered: an object definition key or a report type (`LOAN`). */
  scope: string;
  /** The process instance whose variables and completed tasks fill the document. */
  processInstanceId?: string | undefined;
  /** The record (its id) whose data fills the document. */
  contentId?: string | undefined;
  /** The documents calls; the app's own by default. */
  api?: DocumentApi;
}

/**
 * The banner of a finished generation: its intent, title and message keys. A refused
 * template's own message replaces the status code, which tells the user nothing to change.
 */
function bannerOf(status: DocumentStatus, refusal: string | null) {
  switch (status) {
    case DocumentStatus.success:
      return { intent: 'success' as const, title: null, message: 'document.success' };
    case DocumentStatus.notFound:
      return {
        intent: 'warning' as const,
        title: 'reports.warningMessage',
        message: 'document.notFound',
      };
    case DocumentStatus.tooBusy:
      return {
        intent: 'warning' as const,
        title: 'document.tooBusyTitle',
        message: 'document.tooBusy',
      };
    case DocumentStatus.httpError:
      return {
        intent: 'danger' as const,
        title: 'reports.warningMessage',
        message: refusal ?? 'document.httpError',
      };
    default:
      return null;
  }
}

/** Props of {@link BannerMessage}. */
interface BannerMessageProps {
  /** The banner's message with the given text in place of the file name. */
  text: (fileName: string) => string;
  /** The generated document's name, or empty. */
  fileName: string;
}

/** A banner's message, the file name in it with its date prefix kept on one line. */
function BannerMessage({ text, fileName }: BannerMessageProps) {
  const { before, after } = messageParts(text);
  if (before === text(fileName)) return <span>{before}</span>;
  const { datePrefix, rest } = fileNameParts(fileName);
  return (
    <span>
      {before}
      <span className="tessera-documents__file">
        {datePrefix && <span className="tessera-documents__file-date">{datePrefix}</span>}
        {rest}
      </span>
      {after}
    </span>
  );
}

/**
 * The Generate menu (spec 001 sections 2 and 4): a menu button listing the scope's document
 * templates; choosing one makes the document on the server and downloads it. While it is
 * made the button says so; the outcome shows in a banner that can be dismissed: success,
 * not found, server too busy, why the template was refused, or the HTTP error with its
 * status code.
 */
export const GenerateDocumentMenu = observer(function GenerateDocumentMenu({
  scope,
  processInstanceId,
  contentId,
  api = documentService,
}: GenerateDocumentMenuProps) {
  const { toasts } = useStores();
  const { t } = useTranslation();
  const [store] = useState(() => new GenerateDocumentStore({ api, toasts, save: saveFile }));
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void store.load(scope);
  }, [store, scope]);

  const subject = { processInstanceId, contentId };
  const banner = bannerOf(store.status, store.refusal);

  let items;
  if (store.templatesStatus === RemoteLoadingStatus.loadingFailed) {
    items = (
      <>
        <MenuItem disabled text={t('document.templatesFailed')} />
        <MenuItem
          icon={<RefreshIcon />}
          text={t('document.retry')}
          shouldDismissPopover={false}
          onClick={() => void store.load(scope)}
        />
      </>
    );
  } else if (store.templatesStatus !== RemoteLoadingStatus.fullyLoaded) {
    items = (
      <MenuItem disabled icon={<Spinner size={16} />} text={t('document.loadingTemplates')} />
    );
  } else if (store.templates.length === 0) {
    items = <MenuItem disabled text={t('document.noTemplates')} />;
  } else {
    items = store.templates.map((template) => (
      <MenuItem
        key={template.id}
        icon={template.documentType === DocumentType.sheet ? <ThIcon /> : <DocumentIcon />}
        text={template.name}
        label={t(`document.format.${template.documentType}`)}
        data-template-id={template.id}
        onClick={() => void store.generate(template, subject)}
      />
    ));
  }

  return (
    <div className="tessera-documents" data-testid="generate-document">
      <PopoverNext
        placement="bottom-end"
        animation="minimal"
        arrow={false}
        disabled={store.isGenerating}
        // The first choice takes focus on opening, and the arrow keys move among the choices.
        onOpened={(node) => focusFirstItem(node, MENU_ITEMS)}
        content={
          <Menu
            aria-label={t('document.menuLabel')}
            onKeyDown={(event) => moveFocusByArrowKey(event, MENU_ITEMS)}
          >
            {items}
          </Menu>
        }
      >
        <Button
          ref={buttonRef}
          variant="outlined"
          className="tessera-documents__button"
          icon={store.isGenerating ? <Spinner size={16} /> : <DocumentIcon />}
          endIcon={<CaretDownIcon />}
          text={store.isGenerating ? t('document.generating') : t('document.generate')}
          aria-busy={store.isGenerating}
          data-status={store.status}
        />
      </PopoverNext>
      {banner && (
        <Callout
          intent={banner.intent}
          compact
          className="tessera-documents__banner"
          role={store.status === DocumentStatus.success ? 'status' : 'alert'}
          data-testid="document-banner"
          data-status={store.status}
        >
          <div className="tessera-documents__banner-body">
            <div>
              {banner.title && (
                <strong className="tessera-documents__title">{t(banner.title)}</strong>
              )}
              <BannerMessage
                text={(fileName) => t(banner.message, { fileName, statusCode: store.statusCode })}
                fileName={store.fileName}
              />
            </div>
            <IconButton
              variant="minimal"
              size="small"
              icon={<CrossIcon />}
              label={t('document.dismiss')}
              onClick={() => {
                store.dismiss();
                buttonRef.current?.focus();
              }}
            />
          </div>
        </Callout>
      )}
    </div>
  );
});
