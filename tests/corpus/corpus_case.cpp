#include "corpus_case.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "common/shm.h"
#include "float_bits.h"
#include "zyxtt/client.h"

namespace zyxtt::testing {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

json read_json(const fs::path& path) { return json::parse(read_file(path)); }

std::vector<double> decode(const std::vector<std::byte>& bytes, const std::string& dtype) {
  std::vector<double> out;
  if (dtype == "f32") {
    for (size_t i = 0; i + 4 <= bytes.size(); i += 4) {
      float f;
      std::memcpy(&f, &bytes[i], 4);
      out.push_back(f);
    }
  } else {
    for (size_t i = 0; i + 2 <= bytes.size(); i += 2) {
      uint16_t h;
      std::memcpy(&h, &bytes[i], 2);
      if (dtype == "bf16") {
        out.push_back(bf16_to_float(h));
      } else {
        out.push_back(half_to_float(h));
      }
    }
  }
  return out;
}

}  // namespace

std::vector<CorpusCase> CorpusCase::discover() {
  std::vector<CorpusCase> cases;
  for (const CorpusCaseDir& found : corpus_case_dirs()) {
    json c = read_json(found.dir / "case.json");
    if (c.value("status", "") != "ok") continue;
    CorpusCase cc;
    cc.dir = found.dir;
    cc.name = found.version + "_" + found.dir.filename().string();
    cc.dtype = c["expected"]["dtype"];
    cc.tolerance_hint = c["expected"].value("tolerance_hint", "");
    cc.expression = c.value("rust_expr", "");
    if (c.contains("max_grid")) {
      cc.max_grid_rows = c["max_grid"][0];
      cc.max_grid_cols = c["max_grid"][1];
    }
    cases.push_back(cc);
  }
  return cases;
}

ReplayResult CorpusCase::replay(const std::vector<std::string>& runtime_args,
                                const std::vector<std::pair<std::string, std::string>>& env) const {
  json c = read_json(dir / "case.json");
  std::map<int, json> writes, programs;
  for (const auto& w : c["writes"]) writes[w["seq"]] = w;
  for (const auto& p : c["programs"]) programs[p["seq"]] = p;
  const int final_seq = c["final_read"]["seq"];

  client::SpawnOptions options;
  // ZYXTT_CORPUS_RUNTIME replays the corpus against another runtime binary
  // (zyx's own, built against an installed TT-Metalium root, or on a card).
  const char* other = std::getenv("ZYXTT_CORPUS_RUNTIME");
  options.program = other && *other ? other : ZYXTT_RUNTIME_PATH;
  options.args = runtime_args;
  options.env = env;
  client::RuntimeProcess runtime(options);
  ReplayResult result;

  // zyx uses whatever index the runtime answered; the recording runtime never
  // reused indices, this one does, so recorded indices are translated.
  std::map<uint32_t, uint32_t> index_of;
  std::map<int, uint32_t> recorded_alloc;  // alloc seq -> recorded index
  for (const auto& b : c["buffers"]) recorded_alloc[b["alloc_seq"]] = b["index"];
  auto translate = [&](json& command, const std::string& key) {
    if (command.contains(key)) command[key] = index_of.at(command[key].get<uint32_t>());
  };

  std::ifstream transcript(dir / "session" / "transcript.jsonl");
  std::string text;
  while (std::getline(transcript, text)) {
    json entry = json::parse(text);
    if (entry["dir"] != "in") continue;
    const int seq = entry["seq"];
    std::string line = entry["line"];
    json command = json::parse(line);
    const std::string cmd = command["cmd"];
    if (cmd == "free_buf" || cmd == "write_buf" || cmd == "read_buf" || cmd == "run") {
      translate(command, "index");
      for (int i = 0; i < 16; ++i) {
        translate(command, "src" + std::to_string(i));
        translate(command, "dst" + std::to_string(i));
      }
      line = command.dump();
    }
    std::optional<ShmMapping> shm;
    std::string payload;
    if (cmd == "init") {
      command["cache_dir"] = ZYXTT_TEST_CACHE_DIR;
      line = command.dump();
    } else if (cmd == "write_buf") {
      const json& w = writes.at(seq);
      uint64_t size = w["size"];
      shm = ShmMapping::create_unique("zyxtt-corpus", size);
      if (w.contains("fill_byte")) {
        std::memset(shm->data(), w["fill_byte"].get<int>(), size);
      } else {
        std::string bytes = read_file(dir / (w.contains("bytes_from") ? w["bytes_from"].get<std::string>()
                                                                        : w["file"].get<std::string>()));
        std::memcpy(shm->data(), bytes.data(), std::min<size_t>(size, bytes.size()));
      }
      command["shm_path"] = shm->name();
      line = command.dump();
    } else if (cmd == "read_buf") {
      shm = ShmMapping::create_unique("zyxtt-corpus", command["size"].get<uint64_t>());
      command["shm_path"] = shm->name();
      line = command.dump();
    } else if (cmd == "compile_program") {
      for (const auto& f : programs.at(seq)["files"]) payload += read_file(dir / f.get<std::string>());
    }
    client::Answer answer = runtime.request(line, client::ErrorKind::kKernelLaunch, payload);
    if (answer.is_error()) result.errors.push_back(cmd + ": " + answer.line);
    if (cmd == "alloc_buf" && !answer.is_error())
      index_of[recorded_alloc.at(seq)] = static_cast<uint32_t>(std::stoul(answer.field("index").value()));
    if (cmd == "read_buf" && seq == final_seq && !answer.is_error())
      result.final_read = std::vector<std::byte>(shm->data(), shm->data() + shm->size());
  }
  return result;
}

std::vector<double> CorpusCase::expected() const {
  json c = read_json(dir / "case.json");
  std::string bytes = read_file(dir / c["expected"]["file"].get<std::string>());
  auto* p = reinterpret_cast<const std::byte*>(bytes.data());
  return decode(std::vector<std::byte>(p, p + bytes.size()), dtype);
}

std::vector<std::vector<double>> CorpusCase::inputs() const {
  json c = read_json(dir / "case.json");
  std::vector<std::vector<double>> out;
  for (const auto& input : c["inputs"]) {
    std::string bytes = read_file(dir / input["file"].get<std::string>());
    auto* p = reinterpret_cast<const std::byte*>(bytes.data());
    out.push_back(decode(std::vector<std::byte>(p, p + bytes.size()), input["dtype"]));
  }
  return out;
}

std::string CorpusCase::writer_source() const {
  json c = read_json(dir / "case.json");
  return read_file(dir / c["programs"][0]["files"][2].get<std::string>());
}

std::string CorpusCase::compare(const std::vector<std::byte>& actual, const std::vector<double>& b) const {
  std::vector<double> a = decode(actual, dtype);
  if (a.size() != b.size()) return fmt::format("read {} elements, expected {}", a.size(), b.size());
  bool exact = tolerance_hint.find("bit-exact") != std::string::npos;
  double tol = tolerance_hint.find("1e-2") != std::string::npos ? 1e-2 : 1e-3;
  // "Bit-exact (dyadic inputs)" holds for exact arithmetic only: an fp32
  // transcendental result rounded before the next op can differ from the
  // once-rounded fp64 reference by an ulp or two.
  static const char* transcendental[] = {"sin", "cos", "exp", "log", "sqrt", "tanh", "sigmoid", "recip"};
  if (exact && dtype == "f32") {
    for (const char* op : transcendental) {
      if (expression.find(op) != std::string::npos) {
        exact = false;
        tol = 1e-6;
      }
    }
  }
  size_t bad = 0;
  std::string first;
  for (size_t i = 0; i < a.size(); ++i) {
    bool ok;
    if (std::isnan(b[i])) ok = std::isnan(a[i]);
    else if (exact || std::isinf(b[i])) ok = a[i] == b[i];
    else ok = std::fabs(a[i] - b[i]) <= tol * std::max(1.0, std::fabs(b[i]));
    if (!ok && bad++ == 0) first = fmt::format("element {}: got {} expected {}", i, a[i], b[i]);
  }
  if (bad == 0) return {};
  return fmt::format("{} of {} elements differ ({}); first: {}", bad, a.size(), tolerance_hint, first);
}

}  // namespace zyxtt::testing
