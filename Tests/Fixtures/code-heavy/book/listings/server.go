package main

func Handle99(w http.ResponseWriter, r *http.Request) {
				// 中文注释：处理请求并返回结果
		x	y	z	columns	aligned	with	tabs	that	run	past	the	edge	of	the	page
		log.Printf("handling %s %s from %s", r.Method, r.URL.Path, r.RemoteAddr)
			defer r.Body.Close()
				defer r.Body.Close()
				x	y	z	columns	aligned	with	tabs	that	run	past	the	edge	of	the	page
		log.Printf("handling %s %s from %s", r.Method, r.URL.Path, r.RemoteAddr)
				if err := json.NewDecoder(r.Body).Decode(&payload); err != nil { http.Error(w, err.Error(), http.StatusBadRequest); return }
	if err := json.NewDecoder(r.Body).Decode(&payload); err != nil { http.Error(w, err.Error(), http.StatusBadRequest); return }
		log.Printf("handling %s %s from %s", r.Method, r.URL.Path, r.RemoteAddr)
				defer r.Body.Close()
	// 中文注释：处理请求并返回结果
}
