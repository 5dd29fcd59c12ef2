// toml++ (Debian's libtomlplusplus-dev, used header-only) behind the
// plain C functions of ctoml.h.
#include "ctoml.h"

#include <deque>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

// toml++ 3.3 asserts what its parser's callers do not always check: `[=` in a table header
// reaches an assert that aborts the process (with NDEBUG it would be assumed true instead, which
// is worse). A failed check is thrown, and reported as the file's syntax error.
#undef NDEBUG
#define TOML_ASSERT(expr) \
    ((expr) ? static_cast<void>(0) : throw std::invalid_argument("text the parser cannot read, such as a table header without a key (`[=`)"))
#include <toml++/toml.h>

struct ctoml_document {
    std::vector<ctoml_node> nodes;
    // Stable storage for the strings the nodes point into.
    std::deque<std::string> strings;
    std::string error;
    bool failed = false;
    unsigned error_line = 0, error_column = 0;
};

namespace {

const char *keep(ctoml_document &document, std::string text) {
    document.strings.push_back(std::move(text));
    return document.strings.back().c_str();
}

template <typename T>
std::string written(const T &value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

void add(ctoml_document &document, long parent, const toml::key *key, const toml::node &node);

void add_children(ctoml_document &document, long index, const toml::node &node) {
    if (auto table = node.as_table()) {
        for (auto &&[key, child] : *table) add(document, index, &key, child);
    } else if (auto array = node.as_array()) {
        for (auto &&child : *array) add(document, index, nullptr, child);
    }
}

void add(ctoml_document &document, long parent, const toml::key *key, const toml::node &node) {
    ctoml_node entry{};
    entry.parent = parent;
    entry.key = key ? keep(document, std::string(key->str())) : nullptr;
    if (key) {
        entry.key_line = key->source().begin.line;
        entry.key_column = key->source().begin.column;
    }
    entry.line = node.source().begin.line;
    entry.column = node.source().begin.column;
    std::string text;
    switch (node.type()) {
    case toml::node_type::table: entry.kind = CTOML_TABLE; break;
    case toml::node_type::array: entry.kind = CTOML_ARRAY; break;
    case toml::node_type::string: entry.kind = CTOML_STRING; text = node.as_string()->get(); break;
    case toml::node_type::integer: entry.kind = CTOML_INTEGER; text = std::to_string(node.as_integer()->get()); break;
    case toml::node_type::floating_point: entry.kind = CTOML_FLOAT; text = written(*node.as_floating_point()); break;
    case toml::node_type::boolean: entry.kind = CTOML_BOOLEAN; text = node.as_boolean()->get() ? "true" : "false"; break;
    case toml::node_type::date: entry.kind = CTOML_DATE; text = written(*node.as_date()); break;
    case toml::node_type::time: entry.kind = CTOML_TIME; text = written(*node.as_time()); break;
    case toml::node_type::date_time: entry.kind = CTOML_DATE_TIME; text = written(*node.as_date_time()); break;
    default: entry.kind = CTOML_STRING; break;
    }
    entry.text = keep(document, std::move(text));
    document.nodes.push_back(entry);
    add_children(document, long(document.nodes.size() - 1), node);
}

} // namespace

extern "C" ctoml_document *ctoml_parse(const char *text, size_t length) {
    auto document = new ctoml_document();
    try {
        toml::table root = toml::parse(std::string_view(text, length));
        for (auto &&[key, child] : root) add(*document, -1, &key, child);
    } catch (const toml::parse_error &error) {
        document->failed = true;
        document->error = std::string(error.description());
        document->error_line = error.source().begin.line;
        document->error_column = error.source().begin.column;
        document->nodes.clear();
    } catch (const std::exception &error) {
        document->failed = true;
        document->error = error.what();
        document->nodes.clear();
    }
    return document;
}

extern "C" const char *ctoml_error(const ctoml_document *document) {
    return document->failed ? document->error.c_str() : nullptr;
}

extern "C" unsigned ctoml_error_line(const ctoml_document *document) { return document->error_line; }
extern "C" unsigned ctoml_error_column(const ctoml_document *document) { return document->error_column; }
extern "C" size_t ctoml_count(const ctoml_document *document) { return document->nodes.size(); }

extern "C" const ctoml_node *ctoml_node_at(const ctoml_document *document, size_t index) {
    return index < document->nodes.size() ? &document->nodes[index] : nullptr;
}

extern "C" void ctoml_free(ctoml_document *document) { delete document; }
