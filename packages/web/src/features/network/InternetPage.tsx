import { type CodedIssue, canonicalJson, type GatewayInfo, type NetworkSettings } from '@netloom/domain';
import { Alert, Button, Flex, Form, Popconfirm, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FieldValidation, GeneralIssues } from '../../components/form';
import { LanCard, SegmentsSection } from './AddressCards';
import { fromInternetForm, type InternetForm, internetFields, toInternetForm } from './internetForm';
import { useItemValidation } from './itemValidation';
import { NetworkPage } from './NetworkPage';
import { RECONNECT_WARNING } from './RuleModal';
import type { NetworkEditor } from './useNetworkEditor';
import { WanPortCard } from './WanPortCard';

/** /manage/networkconf/netset — WAN ports, LAN address and other segments of the gateway. */
export default function InternetPage() {
  return (
    <NetworkPage
      title="Internet"
      description="How the gateway connects to the internet on each WAN port, and its address on the LAN."
    >
      {(editor) =>
        editor.view.gateway ? <InternetEditor editor={editor} gateway={editor.view.gateway} /> : null
      }
    </NetworkPage>
  );
}

interface Base {
  version: number;
  settings: NetworkSettings;
}

function InternetEditor({ editor, gateway }: { editor: NetworkEditor; gateway: GatewayInfo }) {
  const { view } = editor;
  // The version the draft started from: saving is based on it, so nobody's newer save is overwritten.
  const [base, setBase] = useState<Base>(() => ({ version: view.version, settings: view.settings }));
  const [dirty, setDirty] = useState(false);
  const [adoptNewest, setAdoptNewest] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [general, setGeneral] = useState<CodedIssue[]>([]);
  const pending = useRef<NetworkSettings | null>(null);

  // The form is keyed by the base version: adopting a newer version remounts it with those values.
  const initial = useMemo(() => toInternetForm(base.settings, gateway), [base, gateway]);
  const initialJson = useMemo(() => canonicalJson(fromInternetForm(base.settings, initial)), [base, initial]);
  const fields = useMemo(() => internetFields(gateway.wanPorts.length), [gateway.wanPorts.length]);
  const [form] = Form.useForm<InternetForm>();
  const validation = useItemValidation(editor, form, {
    prefix: '',
    fields,
    build: (v) => fromInternetForm(base.settings, v),
  });

  const newer = view.version !== base.version;
  useEffect(() => {
    if (newer && (!dirty || adoptNewest)) {
      setBase({ version: view.version, settings: view.settings });
      setDirty(false);
      setAdoptNewest(false);
      setGeneral([]);
    }
  }, [newer, dirty, adoptNewest, view.version, view.settings]);

  function handleValuesChange() {
    const now = canonicalJson(fromInternetForm(base.settings, form.getFieldsValue(true)));
    setDirty(now !== initialJson);
    validation.revalidateTouched();
  }

  async function handleSave() {
    const checked = await validation.check();
    setGeneral(checked.general);
    if (!checked.ok) {
      const first = form.getFieldsError().find((f) => f.errors.length > 0);
      if (first) form.scrollToField(first.name, { block: 'center' });
      return;
    }
    pending.current = checked.candidate;
    setConfirming(true);
  }

  async function save() {
    const candidate = pending.current;
    setConfirming(false);
    if (!candidate) return;
    setSaving(true);
    const outcome = await editor.save(candidate, {
      baseVersion: base.version,
      onReload: () => setAdoptNewest(true),
    });
    setSaving(false);
    if (outcome.ok) {
      setBase({ version: outcome.result.version, settings: candidate });
      setDirty(false);
      setGeneral([]);
    } else if (outcome.kind === 'issues') setGeneral(validation.applyServer(outcome.issues));
  }

  const readOnly = !editor.canEdit;
  return (
    <Form<InternetForm>
      key={base.version}
      form={form}
      layout="vertical"
      initialValues={initial}
      requiredMark={false}
      disabled={readOnly}
      onValuesChange={handleValuesChange}
      className="nl-net-internet"
    >
      <FieldValidation validation={validation}>
        {newer && dirty ? (
          <Alert
            className="nl-net-banner"
            type="warning"
            showIcon
            title={`Someone saved a newer version (version ${view.version}) while you were editing.`}
            description="Your draft below is based on the older version and cannot be saved as it is. Reload to see the newest settings; your draft stays here until you do."
            action={<Button onClick={() => setAdoptNewest(true)}>Reload</Button>}
            data-testid="internet-newer-version"
          />
        ) : null}
        <div className="nl-net-wan-grid">
          {gateway.wanPorts.map((p, i) => (
            <WanPortCard
              key={p.id}
              index={i}
              port={p}
              live={gateway.liveWan.find((w) => w.port === p.id)}
              readOnly={readOnly}
            />
          ))}
        </div>
        <LanCard />
        <SegmentsSection readOnly={readOnly} />
        <GeneralIssues
          issues={general}
          title="These settings break these rules:"
          listClassName="nl-issue-list"
          testId="internet-general-issues"
        />
        {readOnly ? null : (
          <Flex className="nl-net-savebar" justify="space-between" align="center" gap={12} wrap>
            <Typography.Text type={dirty ? 'warning' : 'secondary'} data-testid="internet-dirty">
              {dirty ? 'You have unsaved changes.' : 'No unsaved changes.'}
            </Typography.Text>
            <Flex gap={8}>
              <Button
                disabled={!dirty || saving}
                onClick={() => {
                  form.resetFields();
                  setDirty(false);
                  setGeneral([]);
                }}
              >
                Discard changes
              </Button>
              <Popconfirm
                open={confirming}
                onOpenChange={(open) => {
                  if (!open) setConfirming(false);
                }}
                title="Save and apply?"
                description={RECONNECT_WARNING}
                okText="Save and apply"
                cancelText="Not now"
                onConfirm={save}
              >
                <Tooltip title={editor.disabledReason}>
                  <Button
                    type="primary"
                    loading={saving}
                    disabled={readOnly || !dirty || (newer && dirty)}
                    onClick={handleSave}
                    data-testid="internet-save"
                  >
                    Save
                  </Button>
                </Tooltip>
              </Popconfirm>
            </Flex>
          </Flex>
        )}
      </FieldValidation>
    </Form>
  );
}
