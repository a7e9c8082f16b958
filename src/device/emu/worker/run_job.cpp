#include "device/emu/worker/run_job.h"

#include <nlohmann/json.hpp>

namespace zyxtt::emu {

using nlohmann::json;

std::string encode(const RunJob& job) {
  json j;
  j["reader"] = job.reader;
  j["compute"] = job.compute;
  j["writer"] = job.writer;
  for (const CbSpec& cb : job.cbs) j["cbs"].push_back({cb.index, cb.data_format, cb.page_bytes, cb.pages});
  j["rows"] = job.rows;
  j["cols"] = job.cols;
  j["srcs"] = job.srcs;
  j["dsts"] = job.dsts;
  for (const DramRegion& r : job.buffers) j["buffers"].push_back({r.address, r.per_bank_bytes});
  j["threads"] = job.threads;
  j["align"] = static_cast<int>(job.align_policy);
  j["dprint"] = job.dprint;
  j["fp32_to_dest"] = job.unpack_fp32_to_dest;
  j["idle_spin_us"] = job.idle_spin_us;
  return j.dump();
}

RunJob decode_job(const std::string& text) {
  json j = json::parse(text);
  RunJob job;
  job.reader = j["reader"];
  job.compute = j["compute"];
  job.writer = j["writer"];
  for (const auto& cb : j.value("cbs", json::array())) job.cbs.push_back({cb[0], cb[1], cb[2], cb[3]});
  job.rows = j["rows"];
  job.cols = j["cols"];
  job.srcs = j["srcs"].get<std::vector<uint32_t>>();
  job.dsts = j["dsts"].get<std::vector<uint32_t>>();
  for (const auto& r : j.value("buffers", json::array())) job.buffers.push_back({r[0], r[1]});
  job.threads = j["threads"];
  job.align_policy = static_cast<AlignPolicy>(j["align"].get<int>());
  job.dprint = j["dprint"];
  job.unpack_fp32_to_dest = j["fp32_to_dest"];
  job.idle_spin_us = j["idle_spin_us"];
  return job;
}

std::string encode(const RunOutcome& outcome) {
  return json{{"ok", outcome.ok}, {"code", outcome.code}, {"message", outcome.message}}.dump();
}

RunOutcome decode_outcome(const std::string& text) {
  json j = json::parse(text);
  return RunOutcome{j["ok"], j["code"], j["message"]};
}

}  // namespace zyxtt::emu
