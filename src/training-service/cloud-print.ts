import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import {
  CLOUD_PRINT_DIALECTS,
  CLOUD_PRINT_MESSAGES,
  CLOUD_PRINT_OPERATIONS,
  REPRINT_REASON_CHARS,
  type CloudPrintOperation,
  type PrintJobStatus,
} from '../provider/cloud-print';
import { API_KEY_HEADER, RESULT_MESSAGES, type PosOrderData, type PrintData } from '../provider/pos-profile';
import { systemLeadText } from '../provider/variants/systemlead-standard';
import { variantFor } from '../provider/variants';
import { taipeiToSystemLeadTime } from '../provider/variants/systemlead';
import { checkCredentials, posKeyPair, posKeyPairFor, readAnyWrapper, type KeyPair } from './auth';
import type { CloudPrinter } from './cloud-print-config';
import type { TrainingServiceConfig } from './config';
import type { FaultQueue } from './faults';
import { readJsonBody, sendJson } from './http-body';
import { issueOrder } from './issue';
import { checkOrderData } from './order-validation';
import { renderCloudProof } from './print-escpos';
import { parsePrintDataString } from '../provider/pos-profile';
import { answerBefore, answerWithFault, faultWait, type FaultWaits } from './respond';
import type { TrainingStore } from './store';

/**
 * Cloud print (provider profile §8) in the training service: per-`PrinterNo` queues of print jobs
 * and a simulated store-side agent per printer that delivers each job, in queue order, as ESC/POS
 * bytes to the printer's configured TCP address (so tests read the real bytes back with the
 * decoder). Faults, set through the admin channel (`/_admin/cloud-print`), per printer:
 * - `agent-offline`: the agent does not take jobs; they stay `Q` until the fault is cleared;
 * - `paper-out`: the printer is out of paper: the next job fails (`E`, `Paper out`);
 * - `stay-queued`: the agent holds the queue (a job that never moves) until cleared.
 * Jobs live as long as the service runs: a real provider keeps its queue; a test never outlives it.
 */

export type CloudPrintFault = 'agent-offline' | 'paper-out' | 'stay-queued';
export const CLOUD_PRINT_FAULTS: readonly CloudPrintFault[] = ['agent-offline', 'paper-out', 'stay-queued'];
export const PAPER_OUT_MESSAGE = 'Paper out';
export const AGENT_UNREACHABLE_MESSAGE = 'Printer agent unreachable';

export interface PrintJob {
  printJobId: string;
  printerNo: string;
  invoiceNumber: string;
  status: PrintJobStatus;
  message?: string;
  reprint: boolean;
  reason?: string;
  salesId?: string;
}

interface QueuedJob extends PrintJob {
  proof: PrintData;
  settled: Array<(job: PrintJob) => void>;
}

const publicJob = ({ proof: _proof, settled: _settled, ...job }: QueuedJob): PrintJob => ({ ...job });

/** The queues, the simulated agents and their faults. */
export class CloudPrintDesk {
  private readonly jobs = new Map<string, QueuedJob>();
  private readonly queues = new Map<string, QueuedJob[]>();
  private readonly faults = new Map<string, Set<CloudPrintFault>>();
  private readonly busy = new Set<string>();
  /** The latest proof of each invoice this desk printed: `/Update/RePrint` queues it again. */
  private readonly proofs = new Map<string, PrintData>();
  private serial = 0;
  private closed = false;

  constructor(private readonly printers: readonly CloudPrinter[]) {}

  printer(printerNo: string): CloudPrinter | null {
    return this.printers.find((printer) => printer.printerNo === printerNo) ?? null;
  }

  proofOf(invoiceNumber: string): PrintData | null {
    return this.proofs.get(invoiceNumber) ?? null;
  }

  /** Queues a proof on its printer; the agent takes it when it can. */
  enqueue(
    printerNo: string,
    proof: PrintData,
    extra: { reprint: boolean; reason?: string; salesId?: string },
  ): PrintJob {
    this.serial += 1;
    const job: QueuedJob = {
      printJobId: `PJ${String(this.serial).padStart(8, '0')}`,
      printerNo,
      invoiceNumber: proof.InvoiceNumber,
      status: 'Q',
      ...extra,
      proof,
      settled: [],
    };
    if (extra.reason === undefined) delete job.reason;
    if (extra.salesId === undefined) delete job.salesId;
    this.jobs.set(job.printJobId, job);
    this.proofs.set(proof.InvoiceNumber, proof);
    const queue = this.queues.get(printerNo) ?? [];
    queue.push(job);
    this.queues.set(printerNo, queue);
    this.pump(printerNo);
    return publicJob(job);
  }

  job(printJobId: string): PrintJob | null {
    const job = this.jobs.get(printJobId);
    return job ? publicJob(job) : null;
  }

  /** Every job of a printer (or all), in the order they were queued: the admin channel's view. */
  list(printerNo?: string): PrintJob[] {
    return [...this.jobs.values()]
      .filter((job) => printerNo === undefined || job.printerNo === printerNo)
      .map(publicJob);
  }

  /** Resolves when the job is no longer queued (printed or failed): tests wait on this, never on time. */
  settled(printJobId: string): Promise<PrintJob> {
    const job = this.jobs.get(printJobId);
    if (!job) return Promise.reject(new Error(`No print job ${printJobId}`));
    if (job.status !== 'Q') return Promise.resolve(publicJob(job));
    return new Promise((resolve) => job.settled.push(resolve));
  }

  setFault(printerNo: string, fault: CloudPrintFault): void {
    const set = this.faults.get(printerNo) ?? new Set();
    set.add(fault);
    this.faults.set(printerNo, set);
  }

  /** Clears a printer's faults; its agent then takes what waited. */
  clearFaults(printerNo: string): void {
    this.faults.delete(printerNo);
    this.pump(printerNo);
  }

  close(): void {
    this.closed = true;
  }

  private settle(job: QueuedJob, status: 'P' | 'E', message?: string): void {
    job.status = status;
    if (message !== undefined) job.message = message;
    const waiters = job.settled;
    job.settled = [];
    for (const wake of waiters) wake(publicJob(job));
  }

  /** The agent of one printer: one job at a time, in queue order. */
  private pump(printerNo: string): void {
    if (this.closed || this.busy.has(printerNo)) return;
    const faults = this.faults.get(printerNo);
    if (faults?.has('agent-offline') || faults?.has('stay-queued')) return;
    const queue = this.queues.get(printerNo) ?? [];
    const job = queue.find((candidate) => candidate.status === 'Q');
    if (!job) return;
    if (faults?.has('paper-out')) {
      faults.delete('paper-out');
      this.settle(job, 'E', PAPER_OUT_MESSAGE);
      return this.pump(printerNo);
    }
    const agent = this.printer(printerNo)?.agent;
    if (!agent) return; // no agent: the job waits, as behind an agent that never polls
    this.busy.add(printerNo);
    const bytes = renderCloudProof(job.proof, { reprint: job.reprint });
    const socket = connect(agent.port, agent.host);
    let failed = false;
    socket.on('error', () => {
      failed = true;
    });
    socket.end(bytes);
    socket.on('close', () => {
      this.busy.delete(printerNo);
      if (failed) this.settle(job, 'E', AGENT_UNREACHABLE_MESSAGE);
      else this.settle(job, 'P');
      this.pump(printerNo);
    });
  }
}

export interface CloudPrintContext {
  config: TrainingServiceConfig;
  store: TrainingStore;
  faults: FaultQueue;
  desk: CloudPrintDesk;
  now: () => Date;
  sleep: FaultWaits['sleep'];
  hold: FaultWaits['hold'];
}

type Answer = Record<string, unknown>;

/** The wrappers of a request: §8's `/Append/PrintInvoices` takes an array, the others one wrapper. */
function wrappersOf(json: unknown, operation: CloudPrintOperation) {
  const list = operation === 'printInvoices' ? json : [json];
  if (!Array.isArray(list) || list.length === 0 || list.length > 100) {
    return { ok: false as const, message: 'Body is an array of 1 to 100 request wrappers' };
  }
  const wrappers = [];
  for (const item of list) {
    const read = readAnyWrapper(item);
    if (!read.ok) return read;
    wrappers.push(read.wrapper);
  }
  const first = wrappers[0]!;
  // One request, one timestamp (SystemLead's batch sample too): one signature over it.
  if (
    wrappers.some(
      (w) =>
        w.CompanyID !== first.CompanyID || w.Timestamp !== first.Timestamp || w.Signature !== first.Signature,
    )
  ) {
    return {
      ok: false as const,
      message: 'Every wrapper of a request has the same CompanyID, Timestamp and Signature',
    };
  }
  return { ok: true as const, wrappers };
}

/**
 * One cloud print operation, in the POS API's order (pos-handler.ts): the fault, the `apiKey`
 * header (401), the body (413/400), the wrappers (400), signature and timestamp (StatusCode 0),
 * then the operation, its timestamp used once whatever its items' answers are.
 */
export async function handleCloudPrint(
  req: IncomingMessage,
  res: ServerResponse,
  operation: CloudPrintOperation,
  context: CloudPrintContext,
): Promise<void> {
  const { config } = context;
  const variant = variantFor(config.variant);
  const path = CLOUD_PRINT_OPERATIONS[operation];
  const fault = context.faults.take(path);
  if (fault?.kind === 'delay-before') await faultWait(fault, context);
  if (answerBefore(res, fault)) return;

  const header = req.headers[API_KEY_HEADER.toLowerCase()];
  const apiKey = typeof header === 'string' ? header : undefined;
  const keys =
    posKeyPairFor(config, apiKey) ??
    (!variant.sendsApiKey && apiKey === undefined ? posKeyPair(config) : null);
  if (!keys) return sendJson(res, 401, { StatusCode: 0, ResultMessage: 'Invalid apiKey' });
  const body = await readJsonBody(req, config.maxBodyBytes);
  if (!body.ok) return sendJson(res, body.status, { StatusCode: 0, ResultMessage: body.message });
  const read = wrappersOf(body.json, operation);
  if (!read.ok) return sendJson(res, 400, { StatusCode: 0, ResultMessage: read.message });

  const now = context.now();
  const wrapper = read.wrappers[0]!;
  const credentials = checkCredentials(wrapper, config, context.store, now, keys);
  const answer = (result: unknown) => answerWithFault(req, res, 200, result, fault, context);
  if (!credentials.ok) return answer({ StatusCode: 0, ResultMessage: credentials.message });

  const datas = read.wrappers.map((w) => w.Data);
  const work = () => {
    switch (operation) {
      case 'printInvoices':
        return datas.map((data, index) =>
          printOne(data, {
            context,
            keys,
            timestamp: credentials.timestamp,
            index,
            now,
            companyId: wrapper.CompanyID,
          }),
        );
      case 'rePrint':
        return rePrint(datas[0], wrapper.CompanyID, context);
      case 'getPrintJobs':
        return printJobs(datas[0], wrapper.CompanyID, context);
    }
  };
  const result = context.store.withTimestamp(keys.timestampSpace, credentials.timestamp, now, work);
  if (result === null) return answer({ StatusCode: 0, ResultMessage: RESULT_MESSAGES.timestampUsed });
  return answer(result);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One order of `/Append/PrintInvoices`: checked, issued as a printed order, its proof queued. */
function printOne(
  data: unknown,
  at: {
    context: CloudPrintContext;
    keys: KeyPair;
    timestamp: number;
    index: number;
    now: Date;
    companyId: string;
  },
): Answer {
  const { context, keys, now } = at;
  const { config, desk } = context;
  const variant = variantFor(config.variant);
  const dialect = CLOUD_PRINT_DIALECTS[config.variant];
  const refuse = (message: string): Answer =>
    config.variant === 'systemlead'
      ? { Message: systemLeadText(message) }
      : { StatusCode: 0, ResultMessage: message };
  if (!isRecord(data)) return refuse('Data is the order object');
  const { PrinterNo: printerNo, SalesID: salesId, ...wireOrder } = data;
  if (salesId !== undefined && !dialect.salesId) return refuse(CLOUD_PRINT_MESSAGES.salesIdNotAField);
  if (typeof printerNo !== 'string' || printerNo === '') return refuse('PrinterNo is required');
  if (printerNo.length > dialect.printerNoMax) return refuse(CLOUD_PRINT_MESSAGES.printerNoTooLong);
  const printer = desk.printer(printerNo);
  if (!printer) return refuse(CLOUD_PRINT_MESSAGES.printerNotFound);
  if (
    salesId !== undefined &&
    (typeof salesId !== 'string' || (printer.salesIds !== null && !printer.salesIds.includes(salesId)))
  ) {
    return refuse(CLOUD_PRINT_MESSAGES.salesIdRefused);
  }
  // Seed rule 7: printed here, so PrintMark Y and no carrier or donation, whatever was sent.
  const { CarrierType: _type, CarrierId: _id, NPOBAN: _npoban, ...printed } = wireOrder;
  printed.PrintMark = 'Y';
  if (config.variant === 'systemlead') printed.DonateMark = printed.InvoiceFor === 'B' ? undefined : 'N';
  // The profile's order mode: the till sends its random code here, as the service prints it.
  const tillCode = config.variant === 'profile' ? printed.RandomNumber : undefined;
  const wire = variant.fromWireOrder(JSON.parse(JSON.stringify(printed)) as Record<string, unknown>, {
    now,
    companyId: at.companyId,
  });
  if (!wire.ok) return refuse(wire.message);
  if (keys.deviceId !== undefined && wire.data.DeviceID !== keys.deviceId)
    return refuse(RESULT_MESSAGES.deviceMismatch);
  const order = checkOrderData(wire.data, {
    now,
    futureToleranceSeconds: config.timestampWindowSeconds,
    maxOrderAgeHours: config.maxOrderAgeHours,
  });
  if (!order.ok) return refuse(order.message);
  const checked: PosOrderData = { ...order.order };
  if (typeof tillCode === 'string' && /^\d{4}$/.test(tillCode)) checked.RandomNumber = tillCode;
  // The request's timestamp is used once (withTimestamp); each order of the batch gets a slot of
  // its own in a space of this operation alone, so the store's one-use rule holds per order too.
  const upload = context.faults.uploadModeFor(CLOUD_PRINT_OPERATIONS.printInvoices);
  const issued = issueOrder(
    config,
    context.store,
    'order',
    checked,
    {
      timestamp: at.timestamp * 1000 + at.index,
      keys: { ...keys, timestampSpace: `${keys.timestampSpace}/print-invoices` },
    },
    now,
    upload.mode,
  );
  if (issued.StatusCode !== 1) return refuse(issued.ResultMessage);
  upload.taken();
  const proof = parsePrintDataString(issued.PrintDataString ?? '');
  if (!proof.ok) throw new Error(proof.reason);
  const job = desk.enqueue(printerNo, proof.data, {
    reprint: false,
    ...(typeof salesId === 'string' ? { salesId } : {}),
  });
  if (config.variant === 'systemlead') {
    // SystemLead's answer element (InvoiceID, InvoiceDateTime in UTC, AuthCode) and the job.
    return {
      InvoiceID: issued.InvoiceNumber,
      InvoiceDateTime: taipeiToSystemLeadTime(issued.InvoiceDateTime ?? '') ?? issued.InvoiceDateTime,
      AuthCode: randomUUID().toUpperCase(),
      PrintJobID: job.printJobId,
    };
  }
  return {
    StatusCode: 1,
    ResultMessage: issued.ResultMessage,
    BillingNo: issued.BillingNo,
    InvoiceNumber: issued.InvoiceNumber,
    InvoiceDateTime: issued.InvoiceDateTime,
    RandomNumber: issued.RandomNumber,
    PrintJobID: job.printJobId,
  };
}

/** `/Update/RePrint`: the same proof, marked 補印, queued again on the printer named. */
function rePrint(data: unknown, companyId: string, context: CloudPrintContext): Answer {
  const refuse = (message: string): Answer => ({ StatusCode: 0, ResultMessage: message });
  if (!isRecord(data)) return refuse('Data is {CompanyID, InvoiceNumber, PrinterNo, Reason}');
  const { CompanyID, InvoiceNumber, PrinterNo, Reason } = data;
  if (CompanyID !== companyId) return refuse('CompanyID of Data is not the CompanyID of the request');
  if (typeof Reason !== 'string' || Reason.trim() === '' || [...Reason].length > REPRINT_REASON_CHARS) {
    return refuse(`Reason must be 1 to ${REPRINT_REASON_CHARS} characters`);
  }
  if (typeof PrinterNo !== 'string' || !context.desk.printer(PrinterNo))
    return refuse(CLOUD_PRINT_MESSAGES.printerNotFound);
  const invoice =
    typeof InvoiceNumber === 'string' ? context.store.findByInvoiceNumber(companyId, InvoiceNumber) : null;
  const proof = typeof InvoiceNumber === 'string' ? context.desk.proofOf(InvoiceNumber) : null;
  // Only what this provider printed can it print again: a proof it never queued is not found here.
  if (!invoice || !proof) return refuse(CLOUD_PRINT_MESSAGES.invoiceNotFound);
  if (invoice.voided) return refuse(CLOUD_PRINT_MESSAGES.invoiceVoided);
  const job = context.desk.enqueue(PrinterNo, proof, { reprint: true, reason: Reason });
  return { StatusCode: 1, ResultMessage: 'Print job queued', PrintJobID: job.printJobId };
}

/** `/Inquire/GetPrintJobs`: each job's state, in request order. */
function printJobs(data: unknown, companyId: string, context: CloudPrintContext): unknown {
  if (!Array.isArray(data) || data.length === 0 || data.length > 100) {
    return { StatusCode: 0, ResultMessage: 'Data is an array of 1 to 100 {CompanyID, PrintJobID}' };
  }
  return data.map((item) => {
    const id = isRecord(item) && typeof item.PrintJobID === 'string' ? item.PrintJobID : '';
    const job = isRecord(item) && item.CompanyID === companyId ? context.desk.job(id) : null;
    if (!job) return { PrintJobID: id, Status: 'E', Message: CLOUD_PRINT_MESSAGES.printJobNotFound };
    const answer: Answer = { PrintJobID: job.printJobId, PrinterNo: job.printerNo, Status: job.status };
    if (job.message !== undefined) answer.Message = job.message;
    return answer;
  });
}

/**
 * The admin channel's cloud print route (`POST /_admin/cloud-print`): `{ printerNo, fault }` sets a
 * fault (`agent-offline`, `paper-out`, `stay-queued`) or clears them all (`clear`); `{ printerNo }`
 * alone lists the printer's jobs. Answers `[status, body]`.
 */
export function cloudPrintAdmin(json: unknown, desk: CloudPrintDesk): [number, unknown] {
  const printerNo = isRecord(json) ? json.printerNo : undefined;
  const fault = isRecord(json) ? json.fault : undefined;
  if (typeof printerNo !== 'string' || !desk.printer(printerNo)) {
    return [400, { error: 'Body must be {"printerNo": "<a configured printer>", "fault"?: "…"}' }];
  }
  if (fault === 'clear') desk.clearFaults(printerNo);
  else if (typeof fault === 'string' && (CLOUD_PRINT_FAULTS as readonly string[]).includes(fault)) {
    desk.setFault(printerNo, fault as CloudPrintFault);
  } else if (fault !== undefined) {
    return [400, { error: `fault must be one of ${[...CLOUD_PRINT_FAULTS, 'clear'].join(', ')}` }];
  }
  return [200, { ok: true, jobs: desk.list(printerNo) }];
}
