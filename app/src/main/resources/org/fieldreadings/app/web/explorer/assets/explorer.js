// The readings explorer: asks the public API (with the key the user pastes) for the devices, one device's connectors,
// interfaces and latest values, and its readings (with other devices' beside them) for a period of local days, then
// draws one Chart.js chart per unit: lines, and bars from zero for the interfaces whose buckets are sums (rain,
// sunshine, water). The entity's devices are drawn as points of their locations, without a tile server. Its agronomy
// view sets the device's daily ET0 beside its daily rain, and accumulates growing degree days and chill hours.
"use strict";
(function () {
  const KEY_STORAGE = "fieldReadings.apiKey";
  const DAY_MS = 24 * 60 * 60 * 1000;
  const COLOURS = ["#1f6fb2", "#c0392b", "#2e8b57", "#d68910", "#7d3c98", "#17a2b8", "#8e5a2b", "#d63384"];
  /** Tick spacings of the time axis: the first giving at most about ten ticks is used. */
  const TICK_STEPS = [DAY_MS / 24, 3 * DAY_MS / 24, 6 * DAY_MS / 24, DAY_MS / 2, DAY_MS, 7 * DAY_MS, 30 * DAY_MS,
    365 * DAY_MS];
  /** A device whose newest reading is older than this is marked silent. */
  const SILENT_AFTER_MS = DAY_MS;
  const MAP = { width: 400, height: 240, margin: 20 };
  /** The most located devices drawn one by one; a larger fleet is drawn by cells of MAP_CELL map units. */
  const MAP_POINTS = 1000;
  const MAP_CELL = 8;
  /** The most matches a device picker lists: the page holds these, never an element per device of the fleet. */
  const PICKER_MATCHES = 50;
  /** The most devices charted beside the selected one: charts stay readable, well under the API's 100. */
  const COMPARE_MAX = 10;
  const SVG = "http://www.w3.org/2000/svg";

  /** What a device is first shown with: the first of these its connectors have (a prefix names a depth family). */
  const PREFERRED = ["AirTemp", "Precipitation", "SMmm", "SoilTemp", "Flowmeter", "WaterEntrance", "FlowmeterTotal",
    "SMraw", "AirHum", "WindSpeed", "SolarIrradiance", "Pressure", "Bat"];

  const $ = (id) => document.getElementById(id);
  let devices = [];
  /** Each device's "PROFILE / SERIAL (GROUP)", as shown, and lower-cased, as searched. */
  let labels = [];
  let searched = [];
  /** The index in `devices` of the device shown, and those charted beside it in the order chosen. */
  let current = 0;
  let compared = [];
  let connectors = [];
  let charts = [];
  let agronomyCharts = [];
  /** Device descriptions (group, location, connectors) by "profile/serial", each asked once per key. */
  let descriptions = new Map();
  /** The zone the API answered for timeZone=device, by "profile/serial". */
  const deviceZones = new Map();

  /** A failed API call, carrying the problem+json title and detail for the user. */
  class ApiError extends Error {}

  function apiKey() {
    return sessionStorage.getItem(KEY_STORAGE);
  }

  async function call(path, accept) {
    let response;
    try {
      response = await fetch("api" + path, {
        headers: { Authorization: "ApiKey " + apiKey(), Accept: accept || "application/json" }
      });
    } catch (e) {
      throw new ApiError("The service cannot be reached: " + e.message);
    }
    if (!response.ok) {
      throw new ApiError(await problemText(response));
    }
    return response;
  }

  async function problemText(response) {
    try {
      const problem = await response.json();
      return [problem.title, problem.detail].filter(Boolean).join(": ") || "HTTP " + response.status;
    } catch (e) {
      return "HTTP " + response.status + " " + response.statusText;
    }
  }

  function showError(message) {
    $("error").textContent = message;
    $("error").hidden = false;
  }

  function clearMessages() {
    $("error").hidden = true;
    $("error").textContent = "";
    $("status").textContent = "";
  }

  /** Runs an action with the forms' buttons disabled, showing its failure (if any) instead of throwing. */
  async function busy(action) {
    const buttons = document.querySelectorAll("button");
    buttons.forEach((b) => { b.disabled = true; });
    clearMessages();
    try {
      await action();
    } catch (e) {
      showError(e instanceof ApiError ? e.message : "Unexpected error: " + e.message);
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
    }
  }

  function option(value, text) {
    const element = document.createElement("option");
    element.value = value;
    element.textContent = text;
    return element;
  }

  // --- key and devices ---

  async function loadDevices() {
    devices = await (await call("/devices/serials")).json();
    descriptions = new Map();
    labels = devices.map((d) => d.profile + " / " + d.serial + (d.group ? " (" + d.group + ")" : ""));
    searched = labels.map((text) => text.toLowerCase());
    compared = [];
    showDevice(0);
    $("query-form").hidden = devices.length === 0;
    $("agronomy").hidden = devices.length === 0;
    if (devices.length === 0) {
      $("status").textContent = "No devices are associated with this key.";
      return;
    }
    await showMap();
    await loadDevice();
  }

  function selectedDevice() {
    return devices[current];
  }

  /** Makes device `index` the one shown in the Device box (loadDevice then loads it). */
  function showDevice(index) {
    current = index;
    $("device").value = labels[index] || "";
  }

  /**
   * The first `limit` indices of the devices whose label holds every word of `query` (in any case) among those
   * `offered`, and how many match in all. A plain loop: 100,000 labels are searched in a few milliseconds.
   */
  function matching(query, offered, limit) {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const shown = [];
    let count = 0;
    for (let i = 0; i < searched.length; i++) {
      if (offered(i) && words.every((word) => searched[i].includes(word))) {
        count++;
        if (shown.length < limit) {
          shown.push(i);
        }
      }
    }
    return { shown, count };
  }

  /**
   * A search box (an ARIA combobox) over a popup listbox of at most PICKER_MATCHES matching devices: typing or ↓
   * opens it, ↓ ↑ move through it, Enter or a click chooses (`choose(index)`), Escape or leaving the box closes it
   * (`closed()`). `query()` is the text searched, `offered(i)` whether device i may be listed, `marked(i)` whether
   * it is the current one, `full()` why none may be chosen now (or "").
   */
  function picker(name, { query, offered, marked, full, choose, closed }) {
    const input = $(name);
    const popup = $(name + "-matches");
    const list = $(name + "-list");
    const more = $(name + "-more");
    let active = -1;

    function activate(position) {
      const options = list.children;
      if (options[active]) {
        options[active].setAttribute("aria-selected", "false");
      }
      active = options[position] ? position : -1;
      if (active < 0) {
        input.removeAttribute("aria-activedescendant");
        return;
      }
      options[active].setAttribute("aria-selected", "true");
      options[active].scrollIntoView({ block: "nearest" });
      input.setAttribute("aria-activedescendant", options[active].id);
    }

    function open() {
      const text = query();
      const reason = full();
      const { shown, count } = reason ? { shown: [], count: 0 } : matching(text, offered, PICKER_MATCHES);
      list.replaceChildren(...shown.map((index, position) => {
        const item = document.createElement("li");
        item.textContent = labels[index];
        item.dataset.index = index;
        item.id = name + "-option-" + position;
        item.setAttribute("role", "option");
        item.setAttribute("aria-selected", "false");
        item.classList.toggle("current", marked(index));
        return item;
      }));
      const rest = count - shown.length;
      more.textContent = reason || (rest ? "and " + rest.toLocaleString("en-US") + " more: type to narrow"
        : count ? "" : "No device matches.");
      popup.hidden = false;
      input.setAttribute("aria-expanded", "true");
      active = -1;
      // What was typed has its first match ready for Enter; the whole list waits for ↓.
      activate(text.trim() ? 0 : -1);
    }

    function close() {
      popup.hidden = true;
      input.setAttribute("aria-expanded", "false");
      activate(-1);
      list.replaceChildren();
      closed();
    }

    function pick(item) {
      choose(Number(item.dataset.index));
    }

    input.addEventListener("input", open);
    input.addEventListener("click", () => {
      if (popup.hidden) {
        open();
      }
    });
    input.addEventListener("blur", () => {
      if (!popup.hidden) {
        close();
      }
    });
    input.addEventListener("keydown", (event) => {
      const count = list.children.length;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        if (popup.hidden) {
          open();
          activate(Math.max(active, 0));
        } else {
          activate(Math.max(0, Math.min(count - 1, active + (event.key === "ArrowDown" ? 1 : -1))));
        }
      } else if (event.key === "Enter" && !popup.hidden) {
        // Enter chooses from the list; it does not also submit the form.
        event.preventDefault();
        if (count && active >= 0) {
          pick(list.children[active]);
        }
      } else if (event.key === "Escape" && !popup.hidden) {
        event.preventDefault();
        close();
      }
    });
    // A press on the list keeps the focus in the box, so its blur does not close the list under the click.
    list.addEventListener("mousedown", (event) => event.preventDefault());
    list.addEventListener("click", (event) => {
      const item = event.target.closest("li[role=option]");
      if (item) {
        pick(item);
      }
    });
    return { open, close };
  }

  /** The devices charted beside the shown one, each a button that takes it off; never the shown one. */
  function showCompared() {
    compared = compared.filter((index) => index !== current);
    $("compare-chosen").replaceChildren(...compared.map((index) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = labels[index] + " \u00d7";
      button.setAttribute("aria-label", "Stop charting " + labels[index]);
      button.addEventListener("click", () => {
        compared = compared.filter((other) => other !== index);
        showCompared();
        $("compare").focus();
      });
      item.append(button);
      return item;
    }));
  }

  function keyOf(device) {
    return device.profile + "/" + device.serial;
  }

  function devicePath(device) {
    return "/devices/" + encodeURIComponent(device.profile) + "/" + encodeURIComponent(device.serial);
  }

  /** The device's description, asked once (the form and the agronomy view share it); a failed one is asked again. */
  function describe(device) {
    const key = keyOf(device);
    if (!descriptions.has(key)) {
      descriptions.set(key, call(devicePath(device)).then((response) => response.json()).catch((e) => {
        descriptions.delete(key);
        throw e;
      }));
    }
    return descriptions.get(key);
  }

  /** Loads the chosen device: its latest values, and its most useful series drawn at once. */
  async function loadDevice() {
    const device = selectedDevice();
    stopFollowing();
    showCompared();
    connectors = (await describe(device)).connectors;
    $("connector").replaceChildren(...connectors.map((c, i) => option(i, c.connectorId)));
    markMap();
    hideAgronomy();
    await Promise.all([showLatest(device), showAlerts(device)]);
    if (connectors.length === 0) {
      destroyCharts();
      $("interface-list").replaceChildren();
      $("status").textContent = "This device has no readings yet.";
      return;
    }
    const best = mostUseful();
    $("connector").value = String(best.connector);
    showInterfaces(best.name);
    follow(device, connectors[best.connector]);
    await showReadings();
  }

  /** The rank of an interface in PREFERRED (lower is more useful), PREFERRED.length when not there. */
  function rank(name) {
    const index = PREFERRED.findIndex((preferred) => name === preferred
      || (name.startsWith(preferred) && /^[0-9]+$/.test(name.slice(preferred.length))));
    return index < 0 ? PREFERRED.length : index;
  }

  function mostUseful() {
    let best = { connector: 0, name: connectors[0].interfaces[0], rank: PREFERRED.length + 1 };
    connectors.forEach((connector, index) => connector.interfaces.forEach((name) => {
      if (rank(name) < best.rank) {
        best = { connector: index, name, rank: rank(name) };
      }
    }));
    return best;
  }

  /** The checkboxes of the chosen connector's interfaces, with `checked` ticked (else the first). */
  function showInterfaces(checked) {
    const connector = connectors[Number($("connector").value)];
    const names = connector ? connector.interfaces : [];
    const ticked = names.includes(checked) ? checked : names[0];
    $("interface-list").replaceChildren(...names.map((name) => {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = name;
      box.checked = name === ticked;
      label.append(box, " " + name + " (" + unitOf(name) + ")");
      return label;
    }));
  }

  function unitOf(name) {
    return INTERFACES[name] ? INTERFACES[name].unit : "?";
  }

  function isSum(name) {
    return Boolean(INTERFACES[name]) && INTERFACES[name].aggregation === "SUM";
  }

  // --- period ---

  function isoDay(ms) {
    return new Date(ms).toISOString().slice(0, 10);
  }

  // --- time zones: the API buckets in a zone; the page states its period and draws its axis in the same one ---

  const formats = new Map();

  /** The wall clock of `zone` at an instant, as the epoch milliseconds of that wall clock read as UTC. */
  function wallClock(ms, zone) {
    if (!formats.has(zone)) {
      formats.set(zone, new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric",
        month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" }));
    }
    const part = {};
    formats.get(zone).formatToParts(ms).forEach((p) => { part[p.type] = Number(p.value); });
    return Date.UTC(part.year, part.month - 1, part.day, part.hour % 24, part.minute, part.second)
      + ms % 1000;
  }

  /** The instant at which `zone`'s wall clock shows `local` (read as UTC); the later one when it shows it twice. */
  function instantOf(local, zone) {
    const guess = local - (wallClock(local, zone) - local);
    return local - (wallClock(guess, zone) - guess);
  }

  function isKnownZone(zone) {
    try {
      wallClock(0, zone);
      return true;
    } catch (e) {
      return false;
    }
  }

  function zoneChoice() {
    return $("time-zone").value.trim() || "device";
  }

  /** The zone the form's days are days of: the chosen one, or the device's once the API has named it (else UTC). */
  function periodZone() {
    const choice = zoneChoice();
    const device = selectedDevice();
    const zone = choice === "device" ? (device && deviceZones.get(keyOf(device))) || "UTC" : choice;
    // An unknown zone is the API's to reject (a 400 naming timeZone); the period is then read in UTC.
    return isKnownZone(zone) ? zone : "UTC";
  }

  function localDay(isoDate, dayStart) {
    return Date.parse(isoDate + "T" + dayStart + ":00Z");
  }

  function rfc3339(ms) {
    return new Date(ms).toISOString().replace(".000Z", "Z");
  }

  /** Today in the zone the page shows, as the epoch milliseconds of its midnight read as UTC. */
  function today() {
    return Math.floor(wallClock(Date.now(), periodZone()) / DAY_MS) * DAY_MS;
  }

  /** The last `days` days of the zone the page shows, today included. */
  function setPeriod(days) {
    $("start").value = isoDay(today() - (days - 1) * DAY_MS);
    $("end").value = isoDay(today());
  }

  /** The form's period as days of `zone` from `dayStart`: its first instant and its last second. */
  function periodOf(zone, dayStart) {
    return { start: rfc3339(instantOf(localDay($("start").value, dayStart), zone)),
      end: rfc3339(instantOf(localDay($("end").value, dayStart) + DAY_MS, zone) - 1000) };
  }

  // --- readings ---

  function chosenInterfaces() {
    return Array.from($("interface-list").querySelectorAll("input:checked"), (box) => box.value);
  }

  function comparedDevices() {
    return compared.map((index) => devices[index]);
  }

  /**
   * The readings request of the form: one device's own operation, or several devices' in one call. Both days are
   * whole days of the period's zone, each from the chosen day start, as the API's period is inclusive.
   */
  function readingsPath(zone) {
    const device = selectedDevice();
    const dayStart = $("day-start").value;
    const params = new URLSearchParams();
    const others = comparedDevices();
    const connectorId = connectors[Number($("connector").value)].connectorId;
    if (others.length) {
      params.append("devices", keyOf(device) + "/" + connectorId);
      others.forEach((other) => params.append("devices", keyOf(other)));
    } else {
      params.set("connectorId", connectorId);
    }
    chosenInterfaces().forEach((name) => params.append("interfaces", name));
    const period = periodOf(zone, dayStart);
    params.set("startDate", period.start);
    params.set("endDate", period.end);
    params.set("aggregation", $("aggregation").value);
    // Several devices share one axis: in the primary device's zone once it is known.
    params.set("timeZone", zoneChoice() === "device" && others.length && deviceZones.has(keyOf(device))
      ? deviceZones.get(keyOf(device)) : zoneChoice());
    if (dayStart !== "00:00") {
      params.set("dayStart", dayStart);
    }
    return (others.length ? "/readings?" : devicePath(device) + "/readings?") + params;
  }

  function checkForm() {
    if (!connectors.length) {
      throw new ApiError("This device has no connector with readings.");
    }
    if (!chosenInterfaces().length) {
      throw new ApiError("Choose at least one interface.");
    }
    if (!$("start").value || !$("end").value) {
      throw new ApiError("Choose the first and the last day of the period.");
    }
  }

  /**
   * Asks `pathOf(zone)` for the form's period as days of the page's zone. An answer in the device's zone names that
   * zone (which the service learns from the device's location, so it may change): when the period was asked as
   * days of another zone, it is asked again as days of this one.
   */
  async function callInZone(pathOf, accept) {
    const device = selectedDevice();
    const asked = periodZone();
    let response = await call(pathOf(asked), accept);
    const zone = response.headers.get("X-Time-Zone");
    if (zoneChoice() === "device" && zone) {
      deviceZones.set(keyOf(device), zone);
      if (zone !== asked) {
        response = await call(pathOf(zone), accept);
      }
    }
    return response;
  }

  /** Asks for the form's readings as tables of labelled devices. */
  async function fetchReadings() {
    const response = await callInZone(readingsPath);
    const body = await response.json();
    const tables = comparedDevices().length
      ? body.map((table) => ({ label: table.serial + " ", readings: table.readings }))
      : [{ label: "", readings: body }];
    return { tables, aggregation: response.headers.get("X-Aggregation"),
      zone: response.headers.get("X-Time-Zone") || periodZone() };
  }

  /** Draws the form's readings; on any failure the old charts go, so what is shown always matches the form. */
  async function showReadings() {
    let answer;
    try {
      checkForm();
      answer = await fetchReadings();
    } catch (e) {
      destroyCharts();
      throw e;
    }
    const aggregation = answer.aggregation ? answer.aggregation + " (auto)" : $("aggregation").value;
    const count = answer.tables.reduce((sum, table) => sum + table.readings.length, 0);
    drawCharts(answer.tables, chosenInterfaces(), answer.zone);
    const devicesText = answer.tables.length > 1 ? " of " + answer.tables.length + " devices" : "";
    $("status").textContent = count
      ? count + " readings" + devicesText + ", aggregation " + aggregation + ", times in " + answer.zone + "."
      : "No readings in this period.";
  }

  async function downloadCsv() {
    checkForm();
    const blob = await (await callInZone(readingsPath, "text/csv")).blob();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = selectedDevice().serial + "_" + $("start").value + "_" + $("end").value + ".csv";
    document.body.append(link);
    link.click();
    link.remove();
    // The download starts after this task: give it time before releasing the blob.
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    $("status").textContent = "Downloaded " + link.download + ".";
  }

  // --- latest values ---

  /** How long ago an instant was, in its largest whole unit. */
  function age(ms) {
    const seconds = Math.max(0, Math.floor((Date.now() - ms) / 1000));
    if (seconds < 60) {
      return seconds + " s ago";
    }
    if (seconds < 3600) {
      return Math.floor(seconds / 60) + " min ago";
    }
    return seconds < 86400 ? Math.floor(seconds / 3600) + " h ago" : Math.floor(seconds / 86400) + " d ago";
  }

  function cell(text) {
    const element = document.createElement("td");
    element.textContent = text;
    return element;
  }

  /** The open live stream's controller, null when none is open. */
  let live = null;

  function stopFollowing() {
    if (live) {
      live.abort();
      live = null;
    }
    $("live-note").textContent = "";
  }

  /**
   * Follows the device's connector live (GET .../readings/stream): each reading stored from now on updates the
   * latest values. EventSource cannot send the key's header, so the stream is read through fetch.
   */
  async function follow(device, connector) {
    stopFollowing();
    const names = connector.interfaces.slice(0, 100);
    if (names.length === 0) {
      return;
    }
    const controller = new AbortController();
    live = controller;
    const query = new URLSearchParams({ connectorId: connector.connectorId, interfaces: names.join(",") });
    try {
      const response = await fetch("api" + devicePath(device) + "/readings/stream?" + query, {
        headers: { Authorization: "ApiKey " + apiKey(), Accept: "text/event-stream" }, signal: controller.signal
      });
      if (!response.ok) {
        // Too many streams open for this key, say: the page works without live values.
        $("live-note").textContent = "No live values: " + await problemText(response);
        return;
      }
      $("live-note").textContent = "Live: readings of " + connector.connectorId + " appear as they are stored.";
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        text += chunk.value;
        for (let end = text.indexOf("\n\n"); end >= 0; end = text.indexOf("\n\n")) {
          const data = text.slice(0, end).split("\n").find((line) => line.startsWith("data: "));
          text = text.slice(end + 2);
          if (data) {
            showLive(connector.connectorId, JSON.parse(data.slice(6)));
          }
        }
      }
    } catch (e) {
      // Aborted by another device or key, or the stream ended: nothing to show.
    }
    if (live === controller) {
      $("live-note").textContent = "";
    }
  }

  /** A row of the live stream: each of its values replaces (or adds) its interface's latest value. */
  function showLive(connectorId, row) {
    Object.entries(row).filter(([name]) => name !== "timestamp").forEach(([name, value]) => {
      const key = connectorId + "/" + name;
      let line = [...$("latest-rows").rows].find((r) => r.dataset.key === key);
      if (!line) {
        line = latestRow({ connectorId, interface: name });
        $("latest-rows").append(line);
      }
      line.cells[2].textContent = value + " " + unitOf(name);
      line.cells[3].textContent = age(row.timestamp);
      line.cells[3].title = rfc3339(row.timestamp);
    });
    $("silence").hidden = true;
  }

  /** A row of the latest values table, its cells empty but the connector's and the interface's. */
  function latestRow(item) {
    const row = document.createElement("tr");
    row.dataset.key = item.connectorId + "/" + item.interface;
    row.append(cell(item.connectorId), cell(item.interface), cell(""), cell(""));
    return row;
  }

  /** The last value of each connector and interface of the device, and a warning when it is silent. */
  async function showLatest(device) {
    const latest = await (await call(devicePath(device) + "/latest")).json();
    $("latest-heading").textContent = "Latest values of " + device.serial;
    $("latest-rows").replaceChildren(...latest.map((item) => {
      const row = latestRow(item);
      row.cells[2].textContent = item.value + " " + unitOf(item.interface);
      row.cells[3].textContent = age(item.timestamp);
      row.cells[3].title = rfc3339(item.timestamp);
      return row;
    }));
    const newest = Math.max(...latest.map((item) => item.timestamp));
    const silent = latest.length > 0 && Date.now() - newest > SILENT_AFTER_MS;
    $("silence").hidden = latest.length > 0 && !silent;
    $("silence").textContent = silent
      ? "\u26a0 Silent for more than a day: the newest reading is " + age(newest) + "."
      : "\u26a0 No readings yet.";
    $("latest").hidden = false;
  }

  /** What a rule watches, in words: "AirTemp below 0.5 for PT1H". */
  function watches(rule) {
    const series = (rule.connectorId === "ORIGIN" ? "" : rule.connectorId + " ") + rule.interface;
    const what = rule.condition === "silent" ? " silent" : " " + rule.condition + " " + rule.threshold;
    return series + what + (rule.for === "PT0S" ? "" : " for " + rule.for);
  }

  /**
   * The entity's alert rules on the device, each with its state and newest event. The entity has at most
   * alerts.max.per.entity rules, so they are asked for once and filtered here.
   */
  async function showAlerts(device) {
    const rules = (await (await call("/alerts")).json())
      .filter((rule) => rule.profile === device.profile && rule.serial === device.serial);
    const newest = await Promise.all(rules.map(async (rule) => {
      const events = await (await call("/alerts/" + encodeURIComponent(rule.id) + "/events")).json();
      return events.length ? events[events.length - 1] : null;
    }));
    $("alerts-heading").textContent = "Alert rules of " + device.serial;
    $("alerts-note").textContent = rules.length ? "" : "No alert rules watch this device (POST /api/alerts adds one).";
    $("alerts-table").hidden = rules.length === 0;
    $("alerts-rows").replaceChildren(...rules.map((rule, i) => {
      const row = document.createElement("tr");
      const state = cell(!rule.enabled ? "disabled" : rule.triggered ? "\u26a0 triggered" : "ok");
      state.className = rule.triggered ? "warning" : "";
      const event = newest[i];
      const last = cell(event ? event.type.replace("alert.", "") + " " + age(event.at)
        + (event.value === null ? "" : " at " + event.value + " " + unitOf(rule.interface)) : "none yet");
      if (event) {
        last.title = rfc3339(event.at);
      }
      row.append(cell(rule.name), cell(watches(rule)), state, last);
      return row;
    }));
    $("alerts").hidden = false;
  }

  // --- map: the devices' locations as points, no tile server ---

  function svg(name, attributes) {
    const element = document.createElementNS(SVG, name);
    Object.entries(attributes).forEach(([key, value]) => element.setAttribute(key, value));
    return element;
  }

  /** Whether a located device (its lastReadingAt) has no reading newer than a day. */
  function isSilent(device) {
    return device.lastReadingAt === null || Date.now() - device.lastReadingAt > SILENT_AFTER_MS;
  }

  /** The smallest and largest of a list, without spreading it into arguments (a fleet can be 100,000 long). */
  function range(values) {
    let low = Infinity;
    let high = -Infinity;
    for (const value of values) {
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
    return [low, high];
  }

  /**
   * Places every device that has a location: longitude scaled by the cosine of the mean latitude (so distances look
   * right at a farm's scale), fitted into the map with the aspect kept, and centred. Up to MAP_POINTS devices are
   * points of their own, shrinking as they grow in number and named only in titles; beyond that, devices are
   * gathered into cells of MAP_CELL units, each drawn once with its number of devices, so the map stays a few
   * hundred elements whatever the fleet's size.
   */
  async function showMap() {
    const located = await (await call("/devices/locations")).json();
    const indexOf = new Map(devices.map((device, index) => [keyOf(device), index]));
    const points = located.filter((p) => indexOf.has(keyOf(p)));
    $("map").replaceChildren();
    $("map-panel").hidden = points.length === 0;
    if (!points.length) {
      return;
    }
    const [south, north] = range(points.map((p) => p.location.latitude));
    const [west, east] = range(points.map((p) => p.location.longitude));
    const squeeze = Math.cos((south + north) / 2 * Math.PI / 180);
    const spanX = (east - west) * squeeze;
    const spanY = north - south;
    const inner = { width: MAP.width - 2 * MAP.margin, height: MAP.height - 2 * MAP.margin };
    const scale = Math.min(inner.width / (spanX || 1), inner.height / (spanY || 1));
    const offsetX = MAP.margin + (inner.width - spanX * scale) / 2;
    const offsetY = MAP.margin + (inner.height - spanY * scale) / 2;
    const place = ({ location }) => [offsetX + (location.longitude - west) * squeeze * scale,
      offsetY + (north - location.latitude) * scale];
    const groups = points.length <= MAP_POINTS ? points.map((p) => [p]) : cells(points, place);
    const radius = Math.max(1.5, Math.min(6, 60 / Math.sqrt(groups.length)));
    groups.forEach((group) => $("map").append(group.length === 1
      ? mapPoint(group[0], place(group[0]), radius, indexOf) : mapCell(group, place, radius, indexOf)));
    // A degree of latitude, like a squeezed degree of longitude, is about 111.32 km.
    const across = Math.round(MAP.width / scale * 111.32 * 10) / 10;
    $("map-note").textContent = points.length + " of " + devices.length + " devices have a location"
      + (groups.length < points.length ? ", drawn as " + groups.length + " groups of nearby devices" : "")
      + (spanX || spanY ? "; the map is about " + across + " km wide." : ".");
  }

  /** The devices by cell of the map's grid, cells in the order of their first device. */
  function cells(points, place) {
    const byCell = new Map();
    points.forEach((point) => {
      const [x, y] = place(point);
      const cell = Math.floor(x / MAP_CELL) + "," + Math.floor(y / MAP_CELL);
      if (!byCell.has(cell)) {
        byCell.set(cell, []);
      }
      byCell.get(cell).push(point);
    });
    return [...byCell.values()];
  }

  /** A map element that selects a device when clicked, or from the keyboard with Enter or Space. */
  function mapTarget(className, label, device, indexOf, [x, y], radius) {
    const element = svg("g", { class: className, tabindex: "0", role: "button", "aria-label": label });
    const title = svg("title", {});
    title.textContent = label;
    element.append(title, svg("circle", { cx: x, cy: y, r: radius, "stroke-width": Math.min(radius, 6) / 3 }));
    const select = () => {
      showDevice(indexOf.get(keyOf(device)));
      busy(loadDevice);
    };
    element.addEventListener("click", select);
    element.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        select();
      }
    });
    return element;
  }

  function mapPoint(device, position, radius, indexOf) {
    const { profile, serial, location } = device;
    const silent = isSilent(device);
    const point = mapTarget("point" + (silent ? " silent" : ""), profile + " / " + serial + " at " + location.latitude
      + ", " + location.longitude + (silent ? ", silent for more than a day" : ""), device, indexOf, position, radius);
    point.dataset.device = keyOf(device);
    return point;
  }

  /**
   * A cell of several devices: at their mean position, larger as they are more (up to the cell, so cells never
   * overlap), selecting the first of them.
   */
  function mapCell(group, place, radius, indexOf) {
    const positions = group.map(place);
    const x = positions.reduce((sum, [px]) => sum + px, 0) / group.length;
    const y = positions.reduce((sum, [, py]) => sum + py, 0) / group.length;
    const silent = group.filter(isSilent).length;
    const cell = mapTarget("cell" + (silent ? " silent" : ""), group.length + " devices" + (silent ? ", " + silent
      + " silent for more than a day" : "") + ", from " + group[0].profile + " / " + group[0].serial, group[0],
    indexOf, [x, y], Math.min(MAP_CELL / 2, radius * (1 + Math.log10(group.length))));
    cell.dataset.devices = String(group.length);
    cell.dataset.device = keyOf(group[0]);
    return cell;
  }

  function markMap() {
    document.querySelectorAll("#map .point, #map .cell").forEach((point) =>
      point.classList.toggle("selected", point.dataset.device === keyOf(selectedDevice())));
  }

  // --- agronomy: daily ET0 beside daily rain, growing degree days and chill hours, on local days ---

  /** A sum of figures served to hundredths, added in hundredths so that no binary fraction creeps in. */
  function total(values) {
    return values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;
  }

  function agronomyPath(device, params) {
    return devicePath(device) + "/agronomy?" + new URLSearchParams(params);
  }

  /**
   * Asks the device's agronomy (ET0 and chill hours of the period, GDD accumulated from the chosen day to the
   * period's end) and its daily rain, all on the days of the zone the first answer names.
   */
  async function showAgronomy() {
    const device = selectedDevice();
    let answers;
    try {
      if (!$("start").value || !$("end").value) {
        throw new ApiError("Choose the first and the last day of the period.");
      }
      const description = await describe(device);
      const response = await callInZone((zone) => {
        const asked = periodOf(zone, "00:00");
        return agronomyPath(device, { metrics: "ET0,ChillHours", timeZone: zoneChoice(), startDate: asked.start,
          endDate: asked.end });
      });
      const zone = response.headers.get("X-Time-Zone");
      const period = periodOf(zone, "00:00");
      const gddFrom = $("gdd-from").value || $("start").value;
      const gdd = { metrics: "GDD", accumulate: "true", timeZone: zone,
        startDate: rfc3339(instantOf(localDay(gddFrom, "00:00"), zone)), endDate: period.end };
      // An empty input leaves the API's default.
      if ($("gdd-base").value !== "") {
        gdd.gddBase = $("gdd-base").value;
      }
      if ($("gdd-cap").value !== "") {
        gdd.gddCap = $("gdd-cap").value;
      }
      const origin = description.connectors.find((c) => c.connectorId === "ORIGIN");
      const rain = origin && origin.interfaces.includes("Precipitation")
        ? call(devicePath(device) + "/readings?" + new URLSearchParams({ connectorId: "ORIGIN",
          interfaces: "Precipitation", startDate: period.start, endDate: period.end, aggregation: "day",
          timeZone: zone })).then((r) => r.json())
        : Promise.resolve([]);
      const [days, rainDays, gddDays] = await Promise.all([response.json(), rain,
        call(agronomyPath(device, gdd)).then((r) => r.json())]);
      answers = { zone, days, rainDays, gddDays, gddFrom, base: gdd.gddBase || "10", cap: gdd.gddCap || "30" };
    } catch (e) {
      hideAgronomy();
      throw e;
    }
    drawAgronomy(answers);
    $("status").textContent = "Agronomy of " + device.serial + ", days in " + answers.zone + ".";
  }

  function hideAgronomy() {
    agronomyCharts.forEach((chart) => chart.destroy());
    agronomyCharts = [];
    $("agronomy-results").hidden = true;
  }

  function drawAgronomy({ zone, days, rainDays, gddDays, gddFrom, base, cap }) {
    hideAgronomy();
    const dayOf = (ms) => formatTime(ms, false, zone);
    const et0 = new Map(days.filter((d) => "ET0" in d).map((d) => [dayOf(d.timestamp), d.ET0]));
    const rain = new Map(rainDays.filter((r) => "Precipitation" in r)
      .map((r) => [dayOf(r.timestamp), r.Precipitation]));
    const chill = new Map();
    let chillSum = 0;
    days.filter((d) => "ChillHours" in d).forEach((d) => {
      chillSum += d.ChillHours;
      chill.set(dayOf(d.timestamp), { hours: d.ChillHours, sum: chillSum });
    });
    const gdd = gddDays.filter((d) => "GDD" in d);

    const waterDays = [...new Set([...rain.keys(), ...et0.keys()])].sort();
    const rainTotal = total([...rain.values()]);
    const et0Total = total([...et0.values()]);
    $("water-total").textContent = (waterDays.length
      ? "Rain " + rainTotal.toFixed(2) + " mm on " + rain.size + " days, ET0 " + et0Total.toFixed(2) + " mm on "
        + et0.size + " days: balance rain \u2212 ET0 " + total([rainTotal, -et0Total]).toFixed(2) + " mm."
      : "No rain or ET0 in this period.")
      + (et0.size ? "" : " ET0 needs AirTemp, AirHum, WindSpeed and SolarIrradiance readings and a location.");
    agronomyCharts.push(dayChart($("water-chart"), "bar", waterDays, [
      { label: "Rain (mm)", data: waterDays.map((day) => rain.has(day) ? rain.get(day) : null),
        backgroundColor: COLOURS[0] },
      { label: "ET0 (mm)", data: waterDays.map((day) => et0.has(day) ? et0.get(day) : null),
        backgroundColor: COLOURS[3] }], "mm", $("water-total").textContent));

    const last = gdd[gdd.length - 1];
    $("gdd-total").textContent = last
      ? "Growing degree days since " + gddFrom + " (base " + base + " \u00b0C, cap " + cap + " \u00b0C): "
        + last.GDD.toFixed(2) + " \u00b0C\u00b7day by " + dayOf(last.timestamp) + "."
      : "No AirTemp readings from " + gddFrom + ": no growing degree days.";
    agronomyCharts.push(dayChart($("gdd-chart"), "line", gdd.map((d) => dayOf(d.timestamp)), [
      { label: "GDD (\u00b0C\u00b7day)", data: gdd.map((d) => d.GDD), borderColor: COLOURS[2],
        backgroundColor: COLOURS[2] }], "\u00b0C\u00b7day", $("gdd-total").textContent));

    const chillDays = [...chill.keys()];
    $("chill-total").textContent = chillDays.length
      ? "Chill hours (0 to 7.2 \u00b0C) since " + $("start").value + ": " + chillSum + " h by "
        + chillDays[chillDays.length - 1] + "."
      : "No AirTemp readings in this period: no chill hours.";
    agronomyCharts.push(dayChart($("chill-chart"), "line", chillDays, [
      { label: "Chill hours (h)", data: chillDays.map((day) => chill.get(day).sum), borderColor: COLOURS[5],
        backgroundColor: COLOURS[5] }], "h", $("chill-total").textContent));

    const fixed = (value) => value === undefined ? "" : value.toFixed(2);
    $("agronomy-rows").replaceChildren(...[...new Set([...waterDays, ...chillDays])].sort().map((day) => {
      const row = document.createElement("tr");
      const balance = rain.has(day) && et0.has(day) ? total([rain.get(day), -et0.get(day)]) : undefined;
      const chilled = chill.get(day);
      row.append(cell(day), cell(fixed(rain.get(day))), cell(fixed(et0.get(day))), cell(fixed(balance)),
        cell(chilled ? String(chilled.hours) : ""), cell(chilled ? String(chilled.sum) : ""));
      return row;
    }));
    $("agronomy-results").hidden = false;
  }

  /** A chart of values by local day (a category each), described to assistive technology by `summary`. */
  function dayChart(canvas, type, labels, datasets, unit, summary) {
    canvas.setAttribute("aria-label", summary);
    return new Chart(canvas, {
      type,
      data: { labels, datasets },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: { y: { beginAtZero: true, title: { display: true, text: unit } } },
        plugins: { legend: { position: "bottom" } }
      }
    });
  }

  /**
   * Sets the period to the latest winter begun by today in the page's zone: 1 November to the end of February
   * north of the equator (and for a device without a location), 1 May to 31 August south of it.
   */
  async function setWinter() {
    const location = (await describe(selectedDevice())).location;
    const south = location !== null && location.latitude < 0;
    const now = new Date(today());
    const year = now.getUTCFullYear();
    if (south) {
      const winter = now.getUTCMonth() >= 4 ? year : year - 1;
      $("start").value = isoDay(Date.UTC(winter, 4, 1));
      $("end").value = isoDay(Date.UTC(winter, 7, 31));
    } else {
      const winter = now.getUTCMonth() >= 10 ? year : year - 1;
      $("start").value = isoDay(Date.UTC(winter, 10, 1));
      // Day 0 of March: the last of February, the 28th or the 29th.
      $("end").value = isoDay(Date.UTC(winter + 1, 2, 0));
    }
    $("status").textContent = "The period is the winter of the " + (south ? "southern" : "northern")
      + " hemisphere" + (location === null ? " (the device has no location)" : "") + ".";
  }

  // --- charts ---

  function formatTime(ms, withTime, zone) {
    const iso = new Date(wallClock(ms, zone)).toISOString();
    return withTime ? iso.slice(0, 16).replace("T", " ") : iso.slice(0, 10);
  }

  function tickStep(span) {
    return TICK_STEPS.find((step) => span.max - span.min <= 10 * step) || TICK_STEPS[TICK_STEPS.length - 1];
  }

  function destroyCharts() {
    charts.forEach((chart) => chart.destroy());
    charts = [];
    $("charts").replaceChildren();
  }

  /**
   * One chart per unit, one line per interface and device (labelled with its serial when there are several); an
   * interface without a value at a moment has no point there.
   */
  function drawCharts(tables, names, zone) {
    destroyCharts();
    const times = tables.flatMap((table) => table.readings.map((r) => r.timestamp));
    if (!times.length) {
      return;
    }
    const byUnit = new Map();
    names.forEach((name) => {
      const unit = unitOf(name);
      byUnit.set(unit, (byUnit.get(unit) || []).concat(name));
    });
    const span = { min: Math.min(...times), max: Math.max(...times) };
    let colour = 0;
    byUnit.forEach((unitNames, unit) => {
      const datasets = unitNames.flatMap((name) => tables.map((table) => {
        const shade = COLOURS[colour++ % COLOURS.length];
        return {
          type: isSum(name) ? "bar" : "line",
          label: table.label + name,
          data: table.readings.filter((r) => name in r).map((r) => ({ x: r.timestamp, y: r[name] })),
          borderColor: shade,
          backgroundColor: shade
        };
      }));
      charts.push(drawChart(unit, datasets, span, zone));
    });
  }

  /** The ticks on whole steps of the zone's wall clock (its midnights for days) inside [min, max]. */
  function ticksOf(min, max, step, zone) {
    const ticks = [];
    const first = Math.ceil(wallClock(min, zone) / step) * step;
    for (let local = first; ; local += step) {
      const value = instantOf(local, zone);
      if (value > max) {
        return ticks;
      }
      if (value >= min) {
        ticks.push({ value });
      }
    }
  }

  /** A chart whose x-axis spans exactly the readings, in the zone's time; bars (sums) stand on zero. */
  function drawChart(unit, datasets, span, zone) {
    const step = tickStep(span);
    const figure = document.createElement("figure");
    const caption = document.createElement("figcaption");
    const heading = document.createElement("h2");
    heading.textContent = datasets.map((d) => d.label).join(", ") + " (" + unit + ")";
    caption.append(heading);
    const holder = document.createElement("div");
    holder.className = "chart";
    const canvas = document.createElement("canvas");
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", datasets.map((d) => d.label + ": " + d.data.length + " points").join("; ")
      + ", in " + unit);
    holder.append(canvas);
    figure.append(caption, holder);
    $("charts").append(figure);
    const points = Math.max(...datasets.map((d) => d.data.length));
    const bars = datasets.some((d) => d.type === "bar");
    return new Chart(canvas, {
      type: "line",
      data: { datasets },
      options: {
        animation: false,
        parsing: false,
        normalized: true,
        maintainAspectRatio: false,
        interaction: { mode: "nearest", axis: "x", intersect: false },
        elements: { point: { radius: points > 100 ? 0 : 2 }, line: { borderWidth: 1.5 } },
        scales: {
          x: {
            type: "linear",
            min: span.min,
            max: span.max,
            offset: bars,
            // Ticks on whole steps (midnights for days) inside the data's span, not spread evenly across it.
            afterBuildTicks: (axis) => { axis.ticks = ticksOf(axis.min, axis.max, step, zone); },
            ticks: { maxRotation: 0, callback: (value) => formatTime(value, step < DAY_MS, zone) }
          },
          y: { beginAtZero: bars, title: { display: true, text: unit } }
        },
        plugins: {
          legend: { position: "bottom" },
          tooltip: { callbacks: { title: (items) => formatTime(items[0].parsed.x, true, zone) + " " + zone } }
        }
      }
    });
  }

  // --- wiring ---

  $("key-form").addEventListener("submit", (event) => {
    event.preventDefault();
    sessionStorage.setItem(KEY_STORAGE, $("api-key").value.trim());
    busy(loadDevices);
  });
  $("forget-key").addEventListener("click", () => {
    sessionStorage.removeItem(KEY_STORAGE);
    stopFollowing();
    $("api-key").value = "";
    $("query-form").hidden = true;
    $("latest").hidden = true;
    $("alerts").hidden = true;
    $("map-panel").hidden = true;
    $("agronomy").hidden = true;
    hideAgronomy();
    destroyCharts();
    clearMessages();
  });
  const devicePicker = picker("device", {
    // The box shows the current device until it is edited: then the whole fleet is searched.
    query: () => $("device").value === labels[current] ? "" : $("device").value,
    offered: () => true,
    marked: (index) => index === current,
    full: () => "",
    choose: (index) => {
      showDevice(index);
      devicePicker.close();
      selectLabel();
      busy(loadDevice);
    },
    closed: () => showDevice(current)
  });
  /** Selects the current device's name in the box (not an edit of it), so that typing replaces it. */
  function selectLabel() {
    const box = $("device");
    if (box.value === labels[current] && box.selectionStart === box.selectionEnd) {
      box.select();
    }
  }
  // On click too: a click's own caret would undo the selection made as the box got the focus.
  $("device").addEventListener("focus", selectLabel);
  $("device").addEventListener("click", selectLabel);
  const comparePicker = picker("compare", {
    query: () => $("compare").value,
    offered: (index) => index !== current && !compared.includes(index),
    marked: () => false,
    full: () => compared.length >= COMPARE_MAX
      ? "At most " + COMPARE_MAX + " devices beside this one: take one off to add another." : "",
    choose: (index) => {
      compared.push(index);
      showCompared();
      // The list stays open, without the device just added, for the next one.
      comparePicker.open();
    },
    closed: () => {}
  });
  $("connector").addEventListener("change", () => showInterfaces());
  document.querySelectorAll("button[data-days]").forEach((button) =>
    button.addEventListener("click", () => setPeriod(Number(button.dataset.days))));
  $("query-form").addEventListener("submit", (event) => {
    event.preventDefault();
    busy(showReadings);
  });
  $("download").addEventListener("click", () => busy(downloadCsv));
  $("agronomy-form").addEventListener("submit", (event) => {
    event.preventDefault();
    busy(showAgronomy);
  });
  $("winter").addEventListener("click", () => busy(setWinter));

  setPeriod(7);
  $("time-zones").replaceChildren(option("device", "the device's zone"),
    ...["UTC"].concat(Intl.supportedValuesOf("timeZone")).map((zone) => option(zone, zone)));
  if (apiKey()) {
    $("api-key").value = apiKey();
    busy(loadDevices);
  }
})();
