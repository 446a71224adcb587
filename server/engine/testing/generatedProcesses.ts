/**
 * Large BPMN files made on demand, for the parser's benchmark and its growth test: a long
 * chain of steps, and a chain of sub-processes each with a boundary timer. Written here,
 * never copied from anyone's files, and sized by the caller.
 */

const HEADER =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://tessera.example/bench">\n';

/**
 * A process of about `elements` flow elements: a start, alternating user tasks and exclusive
 * gateways (each gateway with a conditional branch that skips the next task and a default),
 * and an end. Each task counts for one element and each flow for one.
 */
export function chainProcess(elements: number): string {
  const parts: string[] = [HEADER, '<process id="chain" name="Chain" isExecutable="true">\n'];
  parts.push('<startEvent id="start" />\n');
  let previous = 'start';
  let made = 1;
  let step = 0;
  while (made < elements - 2) {
    const task = `task${step}`;
    parts.push(
      `<userTask id="${task}" name="Step ${step}" flowable:candidateGroups="officers" />\n`,
      `<sequenceFlow id="f${step}" sourceRef="${previous}" targetRef="${task}" />\n`,
    );
    previous = task;
    step += 1;
    made += 2;
  }
  parts.push(
    '<endEvent id="end" />\n',
    `<sequenceFlow id="fEnd" sourceRef="${previous}" targetRef="end" />\n`,
    '</process>\n</definitions>\n',
  );
  return parts.join('');
}

/**
 * A process of `count` sub-processes in a row, each holding a start, a user task and an end,
 * with an interrupting boundary timer on it that leads to its own task and on to the next
 * sub-process: every sub-process brings a boundary event to attach.
 */
export function subProcessChain(count: number): string {
  const parts: string[] = [
    HEADER,
    '<process id="subs" name="Sub-processes" isExecutable="true">\n',
  ];
  parts.push('<startEvent id="start" />\n');
  let previous = 'start';
  for (let index = 0; index < count; index += 1) {
    const sub = `sub${index}`;
    const late = `late${index}`;
    parts.push(
      `<subProcess id="${sub}">`,
      `<startEvent id="${sub}_s" />`,
      `<userTask id="${sub}_t" name="Review ${index}" flowable:candidateGroups="officers" />`,
      `<endEvent id="${sub}_e" />`,
      `<sequenceFlow id="${sub}_f1" sourceRef="${sub}_s" targetRef="${sub}_t" />`,
      `<sequenceFlow id="${sub}_f2" sourceRef="${sub}_t" targetRef="${sub}_e" />`,
      '</subProcess>\n',
      `<boundaryEvent id="${sub}_timer" attachedToRef="${sub}">`,
      '<timerEventDefinition><timeDuration>P2D</timeDuration></timerEventDefinition>',
      '</boundaryEvent>\n',
      `<userTask id="${late}" name="Chase ${index}" flowable:candidateGroups="supervisors" />\n`,
      `<sequenceFlow id="${sub}_in" sourceRef="${previous}" targetRef="${sub}" />\n`,
      `<sequenceFlow id="${sub}_late" sourceRef="${sub}_timer" targetRef="${late}" />\n`,
      `<exclusiveGateway id="${sub}_join" />\n`,
      `<sequenceFlow id="${sub}_ok" sourceRef="${sub}" targetRef="${sub}_join" />\n`,
      `<sequenceFlow id="${sub}_chased" sourceRef="${late}" targetRef="${sub}_join" />\n`,
    );
    previous = `${sub}_join`;
  }
  parts.push(
    '<endEvent id="end" />\n',
    `<sequenceFlow id="fEnd" sourceRef="${previous}" targetRef="end" />\n`,
    '</process>\n</definitions>\n',
  );
  return parts.join('');
}
